package dev.overtone.parser.grpc;

import dev.overtone.parser.analysis.SqlSyntaxException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/** Turns failures of the service layer into gRPC statuses a caller can act on. */
final class GrpcFailures {

    private static final Logger LOG = Logger.getLogger(GrpcFailures.class);

    private GrpcFailures() {
    }

    static Throwable toStatus(Throwable t) {
        if (t instanceof StatusRuntimeException) return t;
        if (t instanceof SqlSyntaxException e) return Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException();
        if (t instanceof dev.overtone.parser.service.ParseFailedException e)
            return Status.FAILED_PRECONDITION.withDescription(e.getMessage()).asRuntimeException();
        if (t instanceof dev.overtone.parser.service.LlmUnavailableException e)
            return (e.timedOut() ? Status.DEADLINE_EXCEEDED : Status.UNAVAILABLE).withDescription(e.getMessage()).asRuntimeException();
        if (t instanceof IllegalArgumentException e) return Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException();
        if (t instanceof IllegalStateException e) return Status.FAILED_PRECONDITION.withDescription(e.getMessage()).asRuntimeException();
        LOG.error("unexpected failure in parser-svc", t);
        return Status.INTERNAL.withDescription("parser-svc failed unexpectedly: " + t.getClass().getSimpleName()).asRuntimeException();
    }
}
