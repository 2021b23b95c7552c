package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;


import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A downstream service down or degraded: which failures are the caller's, which are typed degradations of the answer. */
@QuarkusTest
class DownstreamFailuresTest extends AgainstFakes {
    private static final Status REFUSED = Status.UNAVAILABLE.withDescription("connection refused");

    @Test
    void aFailedInfillIsATypedDegradationAndOneReadingIsThenIncompleteNotAnswerable() {
        fakes.infill().failWith(REFUSED);

        InterpretResponse answer = ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build());

        assertThat(answer.getInterpretationsCount()).isEqualTo(1);
        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_INCOMPLETE);
        assertThat(answer.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_INFILL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
            assertThat(d.getService()).isEqualTo("infill-svc");
            assertThat(d.getMessage()).contains("infill-svc is unavailable");
        });
        assertThat(answer.getWarningsList()).anyMatch(w -> w.startsWith("infill: infill-svc is unavailable at"));
        assertThat(fakes.clarify().starts()).singleElement().satisfies(start ->
                assertThat(start.getCandidatesIncomplete()).as("clarify-svc told the set is incomplete").isTrue());
    }

    /** infill-svc's model down: its structural readings come back, and the answer says readings may be missing. */
    @Test
    void infillDownOrDegradedIsAWarningNotAFailure() {
        fakes.infill().modelDown();

        InterpretResponse degraded = ask(rating(Hotels.STARS).build());

        assertThat(degraded.getInterpretationsList()).extracting(Interpretation::getSql).contains(Hotels.STARS, Hotels.SCORE_VARIANT);
        // two readings: whether they are AMBIGUOUS is the fitted verdict's call, but a degraded answer never claims ANSWERABLE
        assertThat(degraded.getOutcome()).as("the model could not look for readings").isNotEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(degraded.getDegradationsList()).anySatisfy(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_INFILL_MODEL);
            assertThat(d.getMessage()).startsWith("model: ");
        });
        assertThat(degraded.getWarningsList()).anyMatch(w -> w.startsWith("infill-svc degraded: model: ")).doesNotHaveDuplicates();
    }

    @Test
    void executorUnavailableIsUnavailableNamingIt() {
        fakes.executor().failWith(REFUSED);
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(e.getStatus().getDescription()).startsWith("executor-svc is unavailable at localhost:");
                });

        fakes = Fakes.install();
        assertThat(ask(rating(Hotels.STARS).build()).getInterpretationsCount()).as("answered again once it is back").isEqualTo(2);
    }

    /** infill-svc carried the analyses, so parser-svc down costs only the caller reading's words. */
    @Test
    void parserDownDegradesTheTextOnly() {
        fakes.parser().failWith(REFUSED);

        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        assertThat(answer.getInterpretationsCount()).isEqualTo(2);
        assertThat(answer.getInterpretations(0).getText()).isEqualTo(Hotels.STARS);
        assertThat(answer.getWarningsList()).anyMatch(w -> w.startsWith("verbalize: parser-svc is unavailable"))
                .noneMatch(w -> w.startsWith("analyze:"));
        assertThat(answer.getAmbiguity().getSlotsList()).as("the summary made from the carried analyses").isNotEmpty();
    }
}
