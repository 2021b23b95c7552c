package dev.overtone.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.dataset.Example;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Paraphrase;

class InterpretRequestsTest {

    private static final InterpretResponse ANSWER = InterpretResponse.newBuilder()
            .addInterpretations(Interpretation.newBuilder().setSql("SELECT a FROM t")
                    .addParaphrases(Paraphrase.newBuilder().setSql("SELECT s.a FROM t JOIN s ON t.k = s.k"))
                    .addParaphrases(Paraphrase.newBuilder().setSql("SELECT a FROM t")))
            .addInterpretations(Interpretation.newBuilder().setSql("SELECT b FROM t"))
            .build();

    private static final Example EXAMPLE = new Example("e1", "return the rating of each hotel", List.of("SELECT 1"),
            "CREATE TABLE t(a);", null, List.of(new Example.Default("the stars", "SELECT name, stars FROM hotels",
                    List.of("SELECT name, stars FROM hotels", "SELECT stars, name FROM hotels")),
            new Example.Default("no sql", null, List.of())), "vague", true);

    @Test
    void interpretationsAloneByDefault() {
        assertThat(InterpretRequests.sqlOf(ANSWER)).containsExactly("SELECT a FROM t", "SELECT b FROM t");
    }

    @Test
    void paraphrasesFollowTheirInterpretationOnceEach() {
        assertThat(InterpretRequests.sqlWithParaphrasesOf(ANSWER))
                .containsExactly("SELECT a FROM t", "SELECT s.a FROM t JOIN s ON t.k = s.k", "SELECT b FROM t");
    }

    @Test
    void callerModeSendsEverySqlOfEveryDefaultWithItsText() {
        InterpretRequest r = InterpretRequests.forExample(EXAMPLE, "bench", "d1", true, List.of(), DefaultsMode.CALLER);
        assertThat(r.getDefaultsList()).extracting(CallerDefault::getSql)
                .containsExactly("SELECT name, stars FROM hotels", "SELECT stars, name FROM hotels");
        assertThat(r.getDefaultsList()).extracting(CallerDefault::getText).containsOnly("the stars");
    }

    @Test
    void llmModeSendsTheQuestionAlone() {
        InterpretRequest r = InterpretRequests.forExample(EXAMPLE, "bench", "d1", true, List.of(), DefaultsMode.LLM);
        assertThat(r.getDefaultsList()).isEmpty();
        assertThat(r.getQuestion()).isEqualTo("return the rating of each hotel");
        assertThat(r.getOptions().getAlsoLlmDefaults()).isFalse();
    }

    @Test
    void modeNamesAreParsedAndOthersRejected() {
        assertThat(DefaultsMode.parse("LLM")).isEqualTo(DefaultsMode.LLM);
        assertThat(DefaultsMode.parse("caller")).isEqualTo(DefaultsMode.CALLER);
        assertThatThrownBy(() -> DefaultsMode.parse("gpt")).hasMessageContaining("--defaults must be caller or llm");
    }
}
