package dev.overtone.clarify.grpc;

import dev.overtone.clarify.service.ClarifyException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/** Every failure as a gRPC status a person can act on; unexpected ones are logged, never leaked as a stack trace. */
final class FailureStatus {
    private static final Logger LOG = Logger.getLogger(FailureStatus.class);

    private FailureStatus() {
    }

    static StatusRuntimeException of(Throwable f) {
        if (f instanceof StatusRuntimeException sre) {
            return sre;
        }
        if (f instanceof ClarifyException ce) {
            return Status.fromCode(Status.Code.valueOf(ce.kind().name())).withDescription(ce.getMessage()).asRuntimeException();
        }
        if (f instanceof IllegalArgumentException) {
            return Status.INVALID_ARGUMENT.withDescription(f.getMessage()).asRuntimeException();
        }
        for (Throwable t = f; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException || t.getClass().getName().contains("ConnectException")
                    || t.getClass().getName().endsWith("NoStackTraceThrowable") && String.valueOf(t.getMessage()).contains("connect")) {
                return Status.UNAVAILABLE.withDescription("clarify-svc cannot reach its PostgreSQL (" + t.getMessage()
                        + "); check OVERTONE_PG_HOST/OVERTONE_PG_PORT and that the database is up").asRuntimeException();
            }
            if (t.getCause() == t) {
                break;
            }
        }
        LOG.error("clarify-svc failed unexpectedly", f);
        return Status.INTERNAL.withDescription("clarify-svc failed unexpectedly (" + f.getClass().getSimpleName()
                + "); see its log").asRuntimeException();
    }
}
