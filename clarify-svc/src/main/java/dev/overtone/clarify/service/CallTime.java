package dev.overtone.clarify.service;

import io.grpc.Context;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * How long one call's fork work may go on: while its caller has neither cancelled it nor let its deadline pass (the gRPC
 * call's context, taken where the call starts: the work itself runs on other threads), and at most
 * {@code overtone.clarify.limits.work-time} from that start, also for a caller that sets no deadline. Checked before
 * every comparison of words by meaning ({@link PivotTerms}), where a fork's pivot term spends its time, so a call whose
 * work outgrows its time stops within one comparison instead of holding a worker thread for seconds. {@code workTime}
 * null: no work time of its own.
 */
public record CallTime(Context call, long startNanos, Duration workTime) {
    /** No limit, for work outside a call. */
    public static final CallTime NONE = new CallTime(Context.ROOT, 0, null);

    /** The call being served on this thread, from now; taken where a gRPC method starts. */
    public static CallTime ofCurrentCall(Duration workTime) {
        return new CallTime(Context.current(), System.nanoTime(), workTime);
    }

    /** A {@link ClarifyException} when the caller cancelled the call, its deadline passed or its work time is up. */
    public void check() {
        if (call.isCancelled()) {
            throw call.cancellationCause() instanceof TimeoutException
                    ? new ClarifyException(ClarifyException.Kind.DEADLINE_EXCEEDED,
                            "the caller's deadline passed; clarify-svc stopped working on the call")
                    : new ClarifyException(ClarifyException.Kind.CANCELLED, "the caller cancelled the call; clarify-svc stopped working on it");
        }
        if (workTime != null && System.nanoTime() - startNanos >= workTime.toNanos()) {
            throw new ClarifyException(ClarifyException.Kind.DEADLINE_EXCEEDED, "clarify-svc stopped working on the call after "
                    + workTime.toMillis() + " ms (overtone.clarify.limits.work-time): the candidates' forks hold too many values"
                    + " to name in time; send fewer candidates, or candidates that differ in fewer places");
        }
    }
}
