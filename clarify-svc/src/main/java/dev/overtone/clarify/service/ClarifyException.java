package dev.overtone.clarify.service;

/** A failure the caller can act on; the gRPC face turns {@link Kind} into a status code. */
public class ClarifyException extends RuntimeException {

    public enum Kind {
        INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION, ABORTED, UNAVAILABLE, DEADLINE_EXCEEDED
    }

    private final Kind kind;

    public ClarifyException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public static ClarifyException invalid(String message) {
        return new ClarifyException(Kind.INVALID_ARGUMENT, message);
    }
}
