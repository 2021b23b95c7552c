package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.VerbalizeRequest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static dev.overtone.interpreter.service.StubDownstreams.ONE_BY_ONE;
import static dev.overtone.interpreter.service.StubDownstreams.PARSER_DOWN;
import static org.assertj.core.api.Assertions.assertThat;

/** The verbalize stage on a plain-Java parser-svc. */
class VerbalizeStageTest {

    @Test
    void verbalizeLetsTheSqlStandInWhereNoWordsCame() {
        VerbalizeStage.Verbalized words = verbalize(request -> request.getSql().equals("SELECT 1") ? Called.answered("one")
                : Called.answered(" "), "SELECT 1", "SELECT 2");
        assertThat(words.texts()).containsExactly("one", "SELECT 2");
        assertThat(words.setbacks()).isEmpty();
        assertThat(words.detail()).isEqualTo("1 verbalized");
    }

    @Test
    void parserDownIsSaidForEachCallWhileNoneSucceededWithEveryCallAffected() {
        VerbalizeStage.Verbalized down = verbalize(request -> Called.failed(PARSER_DOWN), "SELECT 1", "SELECT 2");
        assertThat(down.texts()).containsExactly("SELECT 1", "SELECT 2");
        assertThat(down.verbalized()).isZero();
        assertThat(down.setbacks()).hasSize(2).allSatisfy(s -> {
            assertThat(s.warning()).isEqualTo("verbalize: parser-svc is unavailable; the SQL stands in for the text");
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_VERBALIZE);
            assertThat(s.degradation().getAffectedCalls()).isEqualTo(2);
        });
    }

    /** One SQL parser-svc could not put in words after another it could is that SQL's own trouble, not parser-svc down. */
    @Test
    void aFailureAfterACallSucceededIsNoSetback() {
        VerbalizeStage.Verbalized words = verbalize(request -> request.getSql().equals("SELECT 1") ? Called.answered("one")
                : Called.failed(PARSER_DOWN), "SELECT 1", "SELECT 2");
        assertThat(words.texts()).containsExactly("one", "SELECT 2");
        assertThat(words.setbacks()).isEmpty();
    }

    private static VerbalizeStage.Verbalized verbalize(Function<VerbalizeRequest, Called<String>> answer,
            String... sqls) {
        return new VerbalizeStage(new StubDownstreams() {
            @Override
            public Called<String> verbalize(VerbalizeRequest request, long timeoutMs) {
                return answer.apply(request);
            }
        }, ONE_BY_ONE).verbalize(new VerbalizeStage.Input(List.of(sqls), Schema.getDefaultInstance(), () -> 100));
    }
}
