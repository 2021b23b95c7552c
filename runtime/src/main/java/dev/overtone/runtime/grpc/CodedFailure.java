package dev.overtone.runtime.grpc;

import io.grpc.Status;

/**
 * A {@link StatusFailure} that carries its code as a value: a refusal or an outage the service phrased itself,
 * without a stack trace (it is answered, not debugged). Executor's {@code SandboxException} and every
 * {@link DownstreamFailure} are such failures.
 */
public abstract class CodedFailure extends RuntimeException implements StatusFailure {
    private final Status.Code code;

    protected CodedFailure(Status.Code code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public Status.Code code() {
        return code;
    }

    @Override
    public Status.Code statusCode() {
        return code;
    }
}
