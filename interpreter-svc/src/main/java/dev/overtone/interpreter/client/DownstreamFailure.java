package dev.overtone.interpreter.client;

import dev.overtone.runtime.grpc.StatusFailure;
import io.grpc.Status;

/**
 * A downstream call that failed, already phrased for a person: the service named, its address, what
 * went wrong. {@code code} is the gRPC status code the interpreter passes on (or records per reading).
 */
public class DownstreamFailure extends RuntimeException implements StatusFailure {
    private final String service;
    private final Status.Code code;

    public DownstreamFailure(String service, Status.Code code, String message) {
        super(message, null, false, false);
        this.service = service;
        this.code = code;
    }

    public String service() {
        return service;
    }

    public Status.Code code() {
        return code;
    }

    @Override
    public Status.Code statusCode() {
        return code;
    }

    /** Whether the failure says something about the reading (bad SQL) rather than about the infrastructure. */
    public boolean aboutTheReading() {
        return code == Status.Code.INVALID_ARGUMENT || code == Status.Code.PERMISSION_DENIED
                || code == Status.Code.FAILED_PRECONDITION || code == Status.Code.OUT_OF_RANGE;
    }
}
