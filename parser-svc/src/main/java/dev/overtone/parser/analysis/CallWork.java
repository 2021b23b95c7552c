package dev.overtone.parser.analysis;

import io.grpc.Context;
import io.grpc.Deadline;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * How long one call's SQL work may go on: until its caller cancels it or the caller's deadline passes (the gRPC
 * call's context), and, for work that {@link #within} runs, at most parser-svc's own limit
 * ({@code overtone.parser.limits.work-time}) from the start, also for a caller that sets no deadline. Checked at every
 * parse ({@link QueryParser}), which a Variants, Repair or batch call does once for each rewrite it tries, and at every
 * comparison of names by meaning (a large schema's names are compared before anything is parsed), so a call whose work
 * outgrows its time stops within one parse or one comparison of it instead of holding a worker thread for minutes. Work
 * outside a call (the warm-up, tests) has no limit.
 */
public final class CallWork {
    private static final Context.Key<Limit> LIMIT = Context.key("overtone.parser.work-limit");

    private record Limit(Deadline deadline, Duration time) {
    }

    private CallWork() {
    }

    /** Runs {@code work} with at most {@code time} for its parses, within whatever the current context allows. */
    public static <T> T within(Duration time, Supplier<T> work) {
        Context limited = Context.current().withValue(LIMIT, new Limit(Deadline.after(time.toNanos(), TimeUnit.NANOSECONDS), time));
        Context previous = limited.attach();
        try {
            return work.get();
        } finally {
            limited.detach(previous);
        }
    }

    /** {@link OutOfTime} when the current call was cancelled, its deadline passed or its work limit was reached. */
    public static void check() {
        Context current = Context.current();
        if (current.isCancelled()) {
            boolean deadline = current.cancellationCause() instanceof TimeoutException;
            throw new OutOfTime(deadline ? "the caller's deadline passed; parser-svc stopped working on the call"
                    : "the caller cancelled the call; parser-svc stopped working on it", !deadline);
        }
        Limit limit = LIMIT.get(current);
        if (limit != null && limit.deadline().isExpired()) {
            throw new OutOfTime("parser-svc stopped working on the call after " + limit.time().toMillis()
                    + " ms (overtone.parser.limits.work-time): the statement or its schema is too large to work"
                    + " through in time; send a smaller statement, or the schema of only the tables it may use", false);
        }
    }

    /** A call stopped because its time is up; {@link #cancelled()} when its caller cancelled it. */
    public static final class OutOfTime extends RuntimeException {
        private final boolean cancelled;

        public OutOfTime(String message, boolean cancelled) {
            super(message, null, false, false);
            this.cancelled = cancelled;
        }

        public boolean cancelled() {
            return cancelled;
        }
    }
}
