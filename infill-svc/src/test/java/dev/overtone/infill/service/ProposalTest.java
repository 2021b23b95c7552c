package dev.overtone.infill.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Stage;
import org.junit.jupiter.api.Test;

/** What one strategy found: a skipped strategy found nothing and judged nothing, a degraded one says why in words and type. */
class ProposalTest {

    @Test
    void aSkippedStrategyFoundNothingClaimsNoCoverageAndIsNotDegraded() {
        Proposal skipped = Proposal.skipped();

        assertThat(skipped.readings()).isEmpty();
        assertThat(skipped.allCovered()).isFalse();
        assertThat(skipped.degradedReason()).isEmpty();
        assertThat(skipped.readingAnalyses()).isEmpty();
    }

    @Test
    void aDegradedStrategyCarriesTheTypedDegradationAndItsReasonInWords() {
        Proposal degraded = Proposal.degraded(Stage.STAGE_INFILL_MODEL, DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED,
                "vllm", "model: timed out");

        assertThat(degraded.degradedReason()).contains("model: timed out");
        assertThat(degraded.degradation()).hasValueSatisfying(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_INFILL_MODEL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
            assertThat(d.getService()).isEqualTo("vllm");
        });
        assertThat(degraded.readings()).isEmpty();
        assertThat(degraded.allCovered()).isFalse();
    }
}
