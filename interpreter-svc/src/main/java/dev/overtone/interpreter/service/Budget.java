package dev.overtone.interpreter.service;

import java.time.Duration;

/**
 * The time one Interpret call may spend, from the caller's gRPC deadline (capped by the configured
 * total). Every downstream call gets {@code min(its stage cap, what is left)}, so no stage can make
 * the call overrun its deadline.
 */
public record Budget(long startNanos, long deadlineNanos) {

    public static Budget of(Long callerRemainingNanos, Duration total, Duration reserve) {
        long now = System.nanoTime();
        long allowed = total.toNanos();
        if (callerRemainingNanos != null) {
            allowed = Math.min(allowed, callerRemainingNanos - reserve.toNanos());
        }
        return new Budget(now, now + Math.max(allowed, 0));
    }

    public long remainingMs() {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    /** The deadline for one downstream call of a stage capped at {@code cap}. */
    public long forStage(Duration cap) {
        return Math.min(cap.toMillis(), remainingMs());
    }

    public boolean atLeast(Duration needed) {
        return remainingMs() >= needed.toMillis();
    }

    public long elapsedMicros() {
        return (System.nanoTime() - startNanos) / 1000;
    }
}
