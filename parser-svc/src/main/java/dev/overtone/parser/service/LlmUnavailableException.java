package dev.overtone.parser.service;

import dev.overtone.runtime.grpc.StatusFailure;
import io.grpc.Status;

/** The LLM endpoint failed (an HTTP error, a refused connection): UNAVAILABLE; or was too slow (timedOut): DEADLINE_EXCEEDED. */
public class LlmUnavailableException extends RuntimeException implements StatusFailure {
    private final boolean timedOut;

    public LlmUnavailableException(String message, boolean timedOut, Throwable cause) {
        super(message, cause);
        this.timedOut = timedOut;
    }

    public boolean timedOut() {
        return timedOut;
    }

    @Override
    public Status.Code statusCode() {
        return timedOut ? Status.Code.DEADLINE_EXCEEDED : Status.Code.UNAVAILABLE;
    }
}
