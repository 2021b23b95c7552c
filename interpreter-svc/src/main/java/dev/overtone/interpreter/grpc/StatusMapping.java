package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.client.DownstreamFailure;
import dev.overtone.interpreter.service.CallCancelled;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/** Every failure as a gRPC status with a message a person can act on; no stack trace crosses the wire. */
final class StatusMapping {
    private static final Logger LOG = Logger.getLogger(StatusMapping.class);

    private StatusMapping() {
    }

    static StatusRuntimeException toStatus(Throwable e) {
        if (e instanceof StatusRuntimeException s) {
            return s;
        }
        if (e instanceof CallCancelled c) {
            return Status.CANCELLED.withDescription(c.getMessage()).asRuntimeException();
        }
        if (e instanceof DownstreamFailure f) {
            return Status.fromCode(f.code()).withDescription(f.getMessage()).asRuntimeException();
        }
        if (e instanceof IllegalArgumentException) {
            return Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException();
        }
        LOG.error("Interpret failed unexpectedly", e);
        return Status.INTERNAL.withDescription("interpreter-svc failed unexpectedly (" + e.getClass().getSimpleName()
                + "); see its log").asRuntimeException();
    }
}
