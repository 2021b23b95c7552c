package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.Stage;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The recall stage on a plain-Java clarify-svc: what it hands on, and what a failed Recall says. */
class RecallStageTest {

    private static final RecallRequest ASKED = RecallRequest.newBuilder().setTenant("acme").setDatabase("hotels")
            .setQuestion("the rating of each hotel").build();

    @Test
    void anAnswerIsHandedOnAsAskedNotKeptWithTheCountOfChoicesThatApply() {
        RecallResponse answer = RecallResponse.newBuilder().addConsistentCandidateIds("r1")
                .addApplied(AppliedChoice.newBuilder().addCandidateIds("r1")).build();
        RecallRequest[] seen = new RecallRequest[1];
        long[] deadline = new long[1];
        RecallStage.Recalled recalled = new RecallStage((request, timeoutMs) -> {
            seen[0] = request;
            deadline[0] = timeoutMs;
            return answer;
        }).recall(ASKED, 120);

        assertThat(seen[0]).isEqualTo(ASKED);
        assertThat(deadline[0]).isEqualTo(120);
        assertThat(recalled.memory()).contains(answer);
        assertThat(recalled.setback()).isEmpty();
        assertThat(recalled.wasKept()).isFalse();
        assertThat(recalled.detail()).isEqualTo("1 remembered choices apply");
    }

    @Test
    void aKeptAnswerSaysSoInItsDetail() {
        RecallStage.Recalled kept = RecallStage.Recalled.kept(RecallResponse.getDefaultInstance());
        assertThat(kept.wasKept()).isTrue();
        assertThat(kept.memory()).contains(RecallResponse.getDefaultInstance());
        assertThat(kept.detail()).isEqualTo("0 remembered choices apply (kept)");
    }

    @Test
    void aFailedRecallIsARecallSetbackAndNoMemory() {
        RecallStage.Recalled failed = new RecallStage((request, timeoutMs) -> {
            throw new DownstreamFailure("clarify-svc", Status.Code.DEADLINE_EXCEEDED, "clarify-svc did not answer Recall within 120 ms");
        }).recall(ASKED, 120);

        assertThat(failed.memory()).isEmpty();
        assertThat(failed.wasKept()).isFalse();
        assertThat(failed.detail()).isEqualTo("failed");
        assertThat(failed.setback()).hasValueSatisfying(s -> {
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_RECALL);
            assertThat(s.degradation().getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
            assertThat(s.warning()).startsWith("recall: ").endsWith("; ranked without the tenant's remembered choices")
                    .contains("clarify-svc did not answer Recall within 120 ms");
        });
    }
}
