package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Outcome;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Requests the interpreter refuses, each with a status that says what to change, and questions it cannot answer. */
@QuarkusTest
class RefusalsTest extends AgainstFakes {
    private static InterpretRequest.Builder question(String text) {
        return InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(text);
    }

    @Test
    void moreCallerDefaultsThanTheAbuseBoundAreRefusedNamingTheLimit() {
        InterpretRequest.Builder many = rating();
        for (int i = 0; i < 1001; i++) {
            many.addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS + " WHERE stars > " + i));
        }
        assertThatThrownBy(() -> ask(many.build())).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains("1001 caller defaults", "limit is 1000",
                    "overtone.interpreter.limits.max-defaults", "send at most that many");
        });
        assertThat(fakes.executor().describeCalls()).as("refused before any downstream call").isZero();
    }

    @Test
    void anOversizedRequestIsResourceExhaustedWithAMessage() {
        String huge = "x".repeat(5 * 1024 * 1024);
        assertThatThrownBy(() -> ask(rating(huge).build())).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(e.getStatus().getDescription()).isNotBlank().contains("maximum size");
        });
    }

    /** The schema has nothing for anything the question names, by spelling or by meaning: that is an answer. */
    @Test
    void questionWhoseTermsTheSchemaHasNothingForIsUnanswerableWithTheTermsNamed() {
        InterpretResponse answer = ask(question("which volcanoes erupted in the cretaceous").build());

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_UNANSWERABLE);
        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getWarningsList()).anyMatch(w -> w.startsWith("unanswerable:") && w.contains("'volcanoes erupted'")
                && w.contains("'cretaceous'") && w.contains("by name or by meaning"));
    }

    /**
     * One term the schema lacks is no evidence: the question also names hotels. Without SQL and a model the
     * honest answer is the precondition, as for any question.
     */
    @Test
    void aQuestionNamingSomethingTheSchemaHasIsNeverUnanswerableWithoutReadings() {
        for (String text : List.of("return the churn risk of each hotel", "which programs does each hotel run",
                "list the rooms but just the listed ones in one table")) {
            assertThatThrownBy(() -> ask(question(text).build())).as(text).isInstanceOfSatisfying(StatusRuntimeException.class,
                    e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION));
        }
    }

    /** Function words and the vocabulary of asking are no terms: no evidence either way. */
    @Test
    void aQuestionOfFunctionWordsOnlyIsNeverUnanswerable() {
        assertThatThrownBy(() -> ask(question("but just what is listed in the table?").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION));
    }

    /** Readings that all fail say how they failed; the question itself names what the schema has. */
    @Test
    void noReadingThatExecutesIsAFailureNotUnanswerable() {
        InterpretResponse answer = ask(rating(Hotels.BROKEN).setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(answer.getFailuresCount()).isEqualTo(1);
        assertThat(answer.getWarningsList()).noneMatch(w -> w.startsWith("unanswerable:"));
    }

    @Test
    void withoutLlmAndWithoutSqlTheCallerIsToldWhatIsMissing() {
        assertThatThrownBy(() -> ask(rating().build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(e.getStatus().getDescription()).contains("LLM endpoint").contains("SQL")
                            .contains("overtone.interpreter.llm.base-url");
                });
    }

    @Test
    void emptyQuestionIsInvalid() {
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).setQuestion("  ").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }

    @Test
    void unknownTenantIsNotFoundAsExecutorSaysIt() {
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).setTenant("nosuch").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
                    assertThat(e.getStatus().getDescription()).contains("unknown tenant 'nosuch'");
                });
    }
}
