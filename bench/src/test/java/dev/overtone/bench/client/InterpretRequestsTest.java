package dev.overtone.bench.client;

import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Paraphrase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InterpretRequestsTest {

    private static final InterpretResponse ANSWER = InterpretResponse.newBuilder()
            .addInterpretations(Interpretation.newBuilder().setSql("SELECT a FROM t")
                    .addParaphrases(Paraphrase.newBuilder().setSql("SELECT s.a FROM t JOIN s ON t.k = s.k"))
                    .addParaphrases(Paraphrase.newBuilder().setSql("SELECT a FROM t")))
            .addInterpretations(Interpretation.newBuilder().setSql("SELECT b FROM t"))
            .build();

    @Test
    void interpretationsAloneByDefault() {
        assertThat(InterpretRequests.sqlOf(ANSWER)).containsExactly("SELECT a FROM t", "SELECT b FROM t");
    }

    @Test
    void paraphrasesFollowTheirInterpretationOnceEach() {
        assertThat(InterpretRequests.sqlWithParaphrasesOf(ANSWER))
                .containsExactly("SELECT a FROM t", "SELECT s.a FROM t JOIN s ON t.k = s.k", "SELECT b FROM t");
    }
}
