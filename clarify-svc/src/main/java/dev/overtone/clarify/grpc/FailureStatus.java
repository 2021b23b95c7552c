package dev.overtone.clarify.grpc;

import dev.overtone.runtime.grpc.StatusFailure;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** clarify-svc's failures as gRPC statuses: its PostgreSQL out of reach said as such, the rest as every service says them. */
final class FailureStatus {
    private static final String SERVICE = "clarify-svc";

    private FailureStatus() {
    }

    static StatusRuntimeException of(Throwable f) {
        if (f instanceof StatusRuntimeException || f instanceof StatusFailure) {
            return dev.overtone.runtime.grpc.FailureStatus.of(SERVICE, f);
        }
        for (Throwable t = f; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.net.ConnectException || t.getClass().getName().contains("ConnectException")
                    || t.getClass().getName().endsWith("NoStackTraceThrowable") && String.valueOf(t.getMessage()).contains("connect")) {
                return Status.UNAVAILABLE.withDescription("clarify-svc cannot reach its PostgreSQL (" + t.getMessage()
                        + "); check OVERTONE_PG_HOST/OVERTONE_PG_PORT and that the database is up").asRuntimeException();
            }
        }
        return dev.overtone.runtime.grpc.FailureStatus.of(SERVICE, f);
    }
}
