package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.Turn;

import java.util.Optional;

/** The clarify stage: clarify-svc's Start on the answer's readings; when it fails the answer still comes back, said. */
public final class ClarifyStage {

    /** clarify-svc's Start within a deadline; a failed call throws {@link DownstreamFailure}. */
    @FunctionalInterface
    public interface Start {
        Turn start(StartRequest request, long timeoutMs);
    }

    /** The dialogue's first turn, or the setback of a failed Start. */
    public record Started(Optional<Turn> turn, Optional<Setback> setback) {
        String detail() {
            return turn.map(t -> "session " + t.getSessionId()).orElse("failed");
        }
    }

    private final Start clarify;

    public ClarifyStage(Start clarify) {
        this.clarify = clarify;
    }

    public Started start(StartRequest request, long timeoutMs) {
        try {
            return new Started(Optional.of(clarify.start(request, timeoutMs)), Optional.empty());
        } catch (DownstreamFailure f) {
            return new Started(Optional.empty(), Optional.of(Setback.failed(Stage.STAGE_CLARIFY, f, 0, Setback.Wording.CLARIFY)));
        }
    }
}
