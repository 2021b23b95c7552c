package dev.overtone.clarify.service;

import dev.overtone.runtime.grpc.CodedFailure;
import io.grpc.Status;

/** A failure the caller can act on; its {@link Kind} is the gRPC status code it is answered with. */
public class ClarifyException extends CodedFailure {

    public enum Kind {
        INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION, ABORTED, UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED
    }

    private final Kind kind;

    public ClarifyException(Kind kind, String message) {
        super(Status.Code.valueOf(kind.name()), message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public static ClarifyException invalid(String message) {
        return new ClarifyException(Kind.INVALID_ARGUMENT, message);
    }
}
