package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.service.Setback.Wording;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Stage;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** A setback's two faces: the typed degradation on the wire and the warning worded from it, each wording its own. */
class SetbackTest {
    private static final DownstreamFailure INFILL_DOWN = new DownstreamFailure("infill-svc", Status.Code.UNAVAILABLE,
            "infill-svc at localhost:9093 is unavailable");

    @Test
    void aFailedCallIsItsStagesDegradationWithTheCallsItCostAndTheCauseItsStatusMeans() {
        Setback setback = Setback.failed(Stage.STAGE_INFILL, INFILL_DOWN, 3, Wording.INFILL_CALL);

        assertThat(setback.degradation().getStage()).isEqualTo(Stage.STAGE_INFILL);
        assertThat(setback.degradation().getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
        assertThat(setback.degradation().getService()).isEqualTo("infill-svc");
        assertThat(setback.degradation().getAffectedCalls()).isEqualTo(3);
        assertThat(setback.onWire()).isTrue();
    }

    @Test
    void theWarningIsTheWordingsPrefixTheMessageAndWhatTheAnswerLacksForIt() {
        assertThat(Setback.failed(Stage.STAGE_INFILL, INFILL_DOWN, 1, Wording.INFILL_CALL).warning())
                .isEqualTo("infill: infill-svc at localhost:9093 is unavailable; readings found so far only");
        assertThat(Setback.of(Stage.STAGE_ANALYZE, DegradationCause.DEGRADATION_CAUSE_FAILED, "parser-svc", "no slots", Wording.ANALYZE)
                .warning()).isEqualTo("analyze: no slots; the ambiguity summary has no slots");
        assertThat(Setback.of(Stage.STAGE_INFILL, DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED, "infill-svc",
                "infill: stopped after round 2 of 3", Wording.INFILL_BUDGET).warning())
                .as("a message that already names its stage is said as it is").isEqualTo("infill: stopped after round 2 of 3");
        assertThat(Setback.of(Stage.STAGE_INFILL, DegradationCause.DEGRADATION_CAUSE_FAILED, "infill-svc", "model circuit open",
                Wording.INFILL_SERVICE).warning()).isEqualTo("infill-svc degraded: model circuit open");
    }

    @Test
    void failedReadingsAreOnTheWireButSaidByTheirReadingsNotByAWarning() {
        Setback setback = Setback.failed(Stage.STAGE_PARSE, new DownstreamFailure("parser-svc", Status.Code.DEADLINE_EXCEEDED,
                "parser-svc did not answer Parse within 800 ms"), 2, Wording.UNSAID);

        assertThat(setback.warning()).isNull();
        assertThat(setback.onWire()).isTrue();
        assertThat(setback.degradation().getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
    }

    @Test
    void aStageOffByConfigurationIsSaidButIsNoDegradation() {
        Setback off = Setback.off(Stage.STAGE_DEFAULTS, "no LLM endpoint configured");

        assertThat(off.onWire()).isFalse();
        assertThat(off.warning()).isEqualTo("defaults: no LLM endpoint configured");
        assertThat(off.degradation().getService()).isEqualTo("interpreter-svc");
        assertThat(Setback.of(Stage.STAGE_DEFAULTS, DegradationCause.DEGRADATION_CAUSE_FAILED, "interpreter-svc",
                "HTTP 500 from the model endpoint", Wording.DEFAULTS).onWire()).as("the same words from a failed model").isTrue();
    }
}
