package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StartRequest;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

import static dev.overtone.interpreter.grpc.Questions.SCORE_IN_HOTELS;
import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The tenant's remembered choices (issue 36), against a clarify-svc fake whose Recall answers from the test's own memory:
 * "rating" once read as reviews.score in demo/hotels. The question with the stars SQL has two readings, the caller's stars
 * first without memory.
 */
@QuarkusTest
class MemoryTest extends AgainstFakes {

    @Test
    void theRememberedReadingComesFirstRaisedSaysWhyAndIsNotAskedAgain() {
        InterpretResponse without = ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setIgnoreMemory(true)).build());
        fakes.clarify().remember(SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT));

        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        Interpretation first = answer.getInterpretations(0);
        assertThat(first.getSql()).isEqualTo(Hotels.SCORE_VARIANT);
        assertThat(first.getId()).isEqualTo("i1");
        assertThat(first.getProbability()).isGreaterThan(score(without).getProbability()).isGreaterThanOrEqualTo(0.95);
        assertThat(first.getRememberedList()).containsExactly(SCORE_IN_HOTELS);
        assertThat(answer.getInterpretations(1).getRememberedList()).isEmpty();
        assertThat(answer.getInterpretationsList().stream().mapToDouble(Interpretation::getProbability).sum()).isCloseTo(1.0, within(1e-9));
        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(answer.getAmbiguity().getAmbiguous()).isFalse();
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind).contains(Stage.STAGE_RECALL);
        // Recall got what Start gets: the readings with their ids, SQL, probability and analysis, under the asker's tenant
        RecallRequest recall = fakes.clarify().recalls().get(fakes.clarify().recalls().size() - 1);
        assertThat(recall.getTenant()).isEqualTo("demo");
        assertThat(recall.getDatabase()).isEqualTo("hotels");
        assertThat(recall.getQuestion()).isEqualTo(Questions.RATING);
        assertThat(recall.getCandidatesList()).hasSize(2).allSatisfy(c -> {
            assertThat(c.hasAnalysis()).isTrue();
            assertThat(c.getProbability()).isPositive();
        });
    }

    /** What another tenant or database remembered applies to nothing here: the answer is the one memory off gives. */
    @Test
    void withNothingAppliedTheAnswerIsTheOneMemoryOffGives() {
        fakes.clarify().remember(SCORE_IN_HOTELS.toBuilder().setTenant("other").build(), c -> c.getSql().equals(Hotels.SCORE_VARIANT));
        fakes.clarify().remember(SCORE_IN_HOTELS.toBuilder().setDatabase("hotels-pg").build(), c -> c.getSql().equals(Hotels.SCORE_VARIANT));

        InterpretResponse on = ask(rating(Hotels.STARS).build());
        InterpretResponse off = ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setIgnoreMemory(true)).build());

        // the database remembers nothing (said beside the pipeline, once): no second look at the readings
        assertThat(fakes.clarify().probes()).singleElement().satisfies(p -> {
            assertThat(p.getTenant()).isEqualTo("demo");
            assertThat(p.getDatabase()).isEqualTo("hotels");
        });
        assertThat(fakes.clarify().recalls()).isEmpty();
        assertThat(on.getTimingsList()).noneMatch(t -> t.getKind() == Stage.STAGE_RECALL);
        assertThat(untimed(on)).isEqualTo(untimed(off));
        assertThat(on.getInterpretations(0).getSql()).isEqualTo(Hotels.STARS);
    }

    @Test
    void aSlowAnswerToWhetherAnythingIsRememberedIsWaitedForNotOverrunWithARecall() {
        fakes.clarify().slowRemembers(Duration.ofMillis(1500));

        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        assertThat(answer.getInterpretationsCount()).isGreaterThan(1);
        assertThat(fakes.clarify().probes()).hasSize(1);
        assertThat(fakes.clarify().recalls()).isEmpty();
        assertThat(answer.getTimingsList()).noneMatch(t -> t.getKind() == Stage.STAGE_RECALL);
        assertThat(answer.getDegradationsList()).isEmpty();
    }

    @Test
    void aFailedRecallIsADegradationAndTheAnswerGoesOnWithoutMemory() {
        fakes.clarify().remember(SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT)).failRecallWith(Status.UNAVAILABLE);

        InterpretResponse answer = ask(rating(Hotels.STARS).build());
        InterpretResponse off = ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setIgnoreMemory(true)).build());

        assertThat(answer.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_RECALL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
            assertThat(d.getService()).isEqualTo("clarify-svc");
        });
        assertThat(answer.getWarningsList()).anyMatch(w -> w.startsWith("recall: ") && w.endsWith("; ranked without the tenant's remembered choices"));
        assertThat(untimed(answer).toBuilder().clearDegradations().clearWarnings().build())
                .isEqualTo(untimed(off).toBuilder().clearWarnings().build());
    }

    @Test
    void ignoreMemoryReadsNoMemoryAndAsksClarifyToIgnoreItToo() {
        fakes.clarify().remember(SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT));

        InterpretResponse answer = ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setIgnoreMemory(true)
                .setStartClarification(true)).build());

        assertThat(fakes.clarify().recalls()).isEmpty();
        assertThat(fakes.clarify().probes()).isEmpty();
        assertThat(answer.getInterpretations(0).getSql()).isEqualTo(Hotels.STARS);
        assertThat(answer.getInterpretationsList()).allSatisfy(i -> assertThat(i.getRememberedList()).isEmpty());
        StartRequest start = fakes.clarify().starts().get(0);
        assertThat(start.getTenant()).isEqualTo("demo");
        assertThat(start.getDatabase()).isEqualTo("hotels");
        assertThat(start.getOptions().getIgnoreMemory()).isTrue();
    }

    /** Start gets the readings in their order with memory, under the asker's tenant and database; the caller's own ignore_memory is kept. */
    @Test
    void startGetsTheTenantTheDatabaseAndTheReadingsInTheirRememberedOrder() {
        fakes.clarify().remember(SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT));

        ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build());
        ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setStartClarification(true)
                .setClarifyOptions(ClarifyOptions.newBuilder().setIgnoreMemory(true))).build());

        StartRequest start = fakes.clarify().starts().get(0);
        assertThat(start.getTenant()).isEqualTo("demo");
        assertThat(start.getDatabase()).isEqualTo("hotels");
        assertThat(start.getOptions().getIgnoreMemory()).isFalse();
        assertThat(start.getCandidates(0).getSql()).isEqualTo(Hotels.SCORE_VARIANT);
        assertThat(start.getCandidates(0).getId()).isEqualTo("i1");
        assertThat(fakes.clarify().starts().get(1).getOptions().getIgnoreMemory()).isTrue();
    }

    private static Interpretation score(InterpretResponse answer) {
        return answer.getInterpretationsList().stream().filter(i -> i.getSql().equals(Hotels.SCORE_VARIANT)).findFirst().orElseThrow();
    }

    /** The answer without what differs between any two calls: the stages' times. */
    private static InterpretResponse untimed(InterpretResponse answer) {
        return answer.toBuilder().clearTimings().clearTotalMicros().build();
    }
}
