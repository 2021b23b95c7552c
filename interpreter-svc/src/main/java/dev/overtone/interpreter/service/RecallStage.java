package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.Stage;
import dev.overtone.runtime.grpc.DownstreamFailure;

import java.util.Optional;

/**
 * The recall stage: clarify-svc's Recall, the tenant's remembered choices that decide a fork between the answer's
 * readings. When it fails or is late the answer goes on as without memory, said.
 */
public final class RecallStage {

    /** clarify-svc's Recall within a deadline; a failed call throws {@link DownstreamFailure}. */
    @FunctionalInterface
    public interface Recall {
        RecallResponse recall(RecallRequest request, long timeoutMs);
    }

    /** What is remembered for these readings, or the setback of a failed Recall. */
    public record Recalled(Optional<RecallResponse> memory, Optional<Setback> setback, boolean wasKept) {
        /** An answer kept from an earlier Recall of the same request ({@link RecallOutcomes}). */
        static Recalled kept(RecallResponse answer) {
            return new Recalled(Optional.of(answer), Optional.empty(), true);
        }

        String detail() {
            return memory.map(m -> m.getAppliedCount() + " remembered choices apply" + (wasKept ? " (kept)" : "")).orElse("failed");
        }
    }

    private final Recall clarify;

    public RecallStage(Recall clarify) {
        this.clarify = clarify;
    }

    public Recalled recall(RecallRequest request, long timeoutMs) {
        try {
            return new Recalled(Optional.of(clarify.recall(request, timeoutMs)), Optional.empty(), false);
        } catch (DownstreamFailure f) {
            return new Recalled(Optional.empty(), Optional.of(Setback.failed(Stage.STAGE_RECALL, f, 0, Setback.Wording.RECALL)), false);
        }
    }
}
