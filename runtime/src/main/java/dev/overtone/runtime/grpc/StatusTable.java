package dev.overtone.runtime.grpc;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * How one service answers a failure: a table of rows, exception type → status code + message, read top to bottom,
 * the first row that matches answering. A gRPC status ({@code StatusRuntimeException}, {@code StatusException}) passes
 * through before any row. Then come the service's own rows ({@link #of}), and every table ends with the rows all five
 * services share:
 * <ol>
 * <li>a {@link StatusFailure} (a refusal or outage the service phrased itself, a {@link DownstreamFailure}) keeps its
 * code and message;</li>
 * <li>an {@code IllegalArgumentException} is INVALID_ARGUMENT with its message;</li>
 * <li>anything else is logged here and answered INTERNAL "SERVICE failed unexpectedly; see its log".</li>
 * </ol>
 * A message is a template: {@value #MESSAGE} stands for the matched exception's own message. A description is never
 * empty ("SERVICE answered CODE without saying why; see its log") and never carries a class name or a stack trace.
 * {@link StatusTableHandler} answers every gRPC call's failure through the service's table.
 * <p>
 * Every RESOURCE_EXHAUSTED leaves with a {@code grpc-retry-pushback-ms} trailer ({@link RetryPolicy#PUSHBACK}): the
 * failure's {@link StatusFailure#retryPushbackMillis()}, which is negative ("do not retry") unless the failure is a
 * refusal that did no work and will pass (executor-svc's full bulkhead queue), so that a caller's retry policy retries
 * only those, and only after the server's pushback.
 */
public final class StatusTable {
    /** In a row's message: the matched exception's own message. */
    public static final String MESSAGE = "{message}";

    private static final Logger LOG = Logger.getLogger(StatusTable.class);

    private final String service;
    private final List<Row> rows;

    private StatusTable(String service, List<Row> rows) {
        this.service = service;
        this.rows = List.copyOf(rows);
    }

    /** A table for {@code service} (as the messages name it, e.g. {@code "parser-svc"}); add its rows, then {@link Builder#build}. */
    public static Builder of(String service) {
        return new Builder(service);
    }

    public String service() {
        return service;
    }

    /** The status the caller sees of {@code failure}. */
    public StatusRuntimeException status(Throwable failure) {
        if (failure instanceof StatusRuntimeException status) {
            return hasDescription(status.getStatus()) ? withPushback(status, -1)
                    : status(status.getStatus().getCode(), null, -1);
        }
        if (failure instanceof StatusException status) {
            return status(status.getStatus().getCode(), status.getStatus().getDescription(), -1);
        }
        for (Row row : rows) {
            Throwable matched = row.match(failure);
            if (matched != null) {
                long pushback = matched instanceof StatusFailure known ? known.retryPushbackMillis() : -1;
                return status(row.code.apply(matched), row.message(matched), pushback);
            }
        }
        LOG.errorf(failure, "%s failed unexpectedly", service);
        return Status.INTERNAL.withDescription(service + " failed unexpectedly; see its log").asRuntimeException();
    }

    private StatusRuntimeException status(Status.Code code, String message, long pushbackMillis) {
        String description = message == null || message.isBlank()
                ? service + " answered " + code + " without saying why; see its log" : message;
        return withPushback(Status.fromCode(code).withDescription(description).asRuntimeException(), pushbackMillis);
    }

    /** A RESOURCE_EXHAUSTED without a pushback gets {@code pushbackMillis} (negative: "do not retry"). */
    private static StatusRuntimeException withPushback(StatusRuntimeException status, long pushbackMillis) {
        if (status.getStatus().getCode() != Status.Code.RESOURCE_EXHAUSTED
                || (status.getTrailers() != null && status.getTrailers().containsKey(RetryPolicy.PUSHBACK))) {
            return status;
        }
        Metadata trailers = new Metadata();
        if (status.getTrailers() != null) {
            trailers.merge(status.getTrailers());
        }
        trailers.put(RetryPolicy.PUSHBACK, Long.toString(pushbackMillis < 0 ? -1 : pushbackMillis));
        return status.getStatus().asRuntimeException(trailers);
    }

    private static boolean hasDescription(Status status) {
        return status.getDescription() != null && !status.getDescription().isBlank();
    }

    /** One row: what it matches (the failure itself, or with {@code inCauses} also what caused it), its code, its message. */
    private record Row(Predicate<Throwable> matches, boolean inCauses, Function<Throwable, Status.Code> code, String template) {
        Throwable match(Throwable failure) {
            int depth = 0;
            for (Throwable t = failure; t != null && depth < 16; t = t.getCause() == t ? null : t.getCause(), depth++) {
                if (matches.test(t)) {
                    return t;
                }
                if (!inCauses) {
                    return null;
                }
            }
            return null;
        }

        String message(Throwable matched) {
            String own = matched.getMessage() == null ? "" : matched.getMessage();
            return template.equals(MESSAGE) ? own : template.replace(MESSAGE, own);
        }
    }

    /** The rows of one service's table, in the order they are read. */
    public static final class Builder {
        private final String service;
        private final List<Row> rows = new ArrayList<>();

        private Builder(String service) {
            this.service = service;
        }

        /** A failure of {@code type} is answered {@code code} with {@code message}. */
        public Builder row(Class<? extends Throwable> type, Status.Code code, String message) {
            rows.add(new Row(type::isInstance, false, t -> code, message));
            return this;
        }

        /** A failure that is, or was caused by, a {@code type} for which {@code when} holds is answered {@code code} with {@code message}. */
        public <T extends Throwable> Builder causedBy(Class<T> type, Predicate<? super T> when, Status.Code code, String message) {
            rows.add(new Row(t -> type.isInstance(t) && when.test(type.cast(t)), true, t -> code, message));
            return this;
        }

        /** The table: these rows, then the rows every service shares. */
        public StatusTable build() {
            List<Row> all = new ArrayList<>(rows);
            all.add(new Row(StatusFailure.class::isInstance, false, t -> ((StatusFailure) t).statusCode(), MESSAGE));
            all.add(new Row(IllegalArgumentException.class::isInstance, false, t -> Status.Code.INVALID_ARGUMENT, MESSAGE));
            return new StatusTable(service, all);
        }
    }
}
