package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Stage;
import org.junit.jupiter.api.Test;

/** A cancelled call says where the pipeline stopped, by the stage's name, and costs no stack trace. */
class CallCancelledTest {

    @Test
    void itNamesTheStageThePipelineStoppedAt() {
        CallCancelled cancelled = new CallCancelled(Stage.STAGE_EXECUTE);

        assertThat(cancelled.stage()).isEqualTo(Stage.STAGE_EXECUTE);
        assertThat(cancelled).hasMessage("the caller cancelled the call; the pipeline stopped at stage execute");
    }

    @Test
    void itCarriesNoStackTraceForItIsAnOutcomeNotAFault() {
        CallCancelled cancelled = new CallCancelled(Stage.STAGE_INFILL);

        assertThat(cancelled.getStackTrace()).isEmpty();
        assertThat(cancelled.getSuppressed()).isEmpty();
        cancelled.addSuppressed(new IllegalStateException("ignored"));
        assertThat(cancelled.getSuppressed()).isEmpty();
    }
}
