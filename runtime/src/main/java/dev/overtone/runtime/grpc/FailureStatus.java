package dev.overtone.runtime.grpc;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/**
 * Every failure of a service as the gRPC status its caller sees, the same way in all five services:
 * a status passes through, a {@link StatusFailure} keeps its code and message, a rejected argument is
 * INVALID_ARGUMENT, and anything else is logged here and answered INTERNAL. The description is always
 * a sentence a person can act on: never empty, never a class name or a stack trace.
 */
public final class FailureStatus {
    private static final Logger LOG = Logger.getLogger(FailureStatus.class);

    private FailureStatus() {
    }

    /** {@code service} names the answering service in the messages, e.g. {@code "parser-svc"}. */
    public static StatusRuntimeException of(String service, Throwable failure) {
        if (failure instanceof StatusRuntimeException status) {
            return hasDescription(status.getStatus()) ? status : status(status.getStatus().getCode(), null, service);
        }
        if (failure instanceof StatusException status) {
            return status(status.getStatus().getCode(), status.getStatus().getDescription(), service);
        }
        if (failure instanceof StatusFailure known) {
            return status(known.statusCode(), known.getMessage(), service);
        }
        if (failure instanceof IllegalArgumentException) {
            return status(Status.Code.INVALID_ARGUMENT, failure.getMessage(), service);
        }
        LOG.errorf(failure, "%s failed unexpectedly", service);
        return unexpected(service);
    }

    /** A status with {@code message}, or a generic sentence naming the service when there is none. */
    public static StatusRuntimeException status(Status.Code code, String message, String service) {
        String description = message == null || message.isBlank()
                ? service + " answered " + code + " without saying why; see its log" : message;
        return Status.fromCode(code).withDescription(description).asRuntimeException();
    }

    /** What a caller sees of a failure nobody foresaw: where to look, no internals. */
    public static StatusRuntimeException unexpected(String service) {
        return Status.INTERNAL.withDescription(service + " failed unexpectedly; see its log").asRuntimeException();
    }

    private static boolean hasDescription(Status status) {
        return status.getDescription() != null && !status.getDescription().isBlank();
    }
}
