package dev.overtone.executor.service;

/**
 * The limits one statement runs under, after capping by the server maxima and the gRPC deadline.
 *
 * @param timeoutMillis time the statement may take
 * @param deadlineNanos {@link System#nanoTime()} at which it is cancelled
 */
public record ExecutionLimits(long timeoutMillis, long deadlineNanos, int maxRows, long maxBytes, int maxColumns) {

    public long remainingMillis() {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    public boolean expired() {
        return System.nanoTime() - deadlineNanos >= 0;
    }
}
