package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.service.CallCancelled;
import dev.overtone.runtime.grpc.FailureStatus;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Every failure as a gRPC status with a message a person can act on (a DownstreamFailure keeps its code); no stack trace crosses the wire. */
final class StatusMapping {
    private static final String SERVICE = "interpreter-svc";

    private StatusMapping() {
    }

    static StatusRuntimeException toStatus(Throwable e) {
        if (e instanceof CallCancelled c) {
            return FailureStatus.status(Status.Code.CANCELLED, c.getMessage(), SERVICE);
        }
        return FailureStatus.of(SERVICE, e);
    }
}
