package dev.overtone.executor.service;

import java.time.Duration;

/**
 * The limits one statement runs under, after capping by the server maxima and the gRPC deadline.
 *
 * @param timeoutMillis time the statement may take
 * @param deadlineNanos {@link System#nanoTime()} at which it is cancelled
 * @param maxBytes UTF-8 bytes of cell text in the whole result
 * @param maxCellBytes UTF-8 bytes of one cell's text; longer cells are cut before they reach the executor
 * @param maxRowBytes UTF-8 bytes of one row's cells; wide rows share it among their text cells
 * @param held what the call's results may take of the replica's {@link HeldResults}
 */
public record ExecutionLimits(long timeoutMillis, long deadlineNanos, int maxRows, long maxBytes, int maxColumns,
        int maxCellBytes, int maxRowBytes, HeldResults.Hold held) {

    /** Limits whose rows take from no replica-wide bound (work outside a call). */
    public ExecutionLimits(long timeoutMillis, long deadlineNanos, int maxRows, long maxBytes, int maxColumns,
            int maxCellBytes, int maxRowBytes) {
        this(timeoutMillis, deadlineNanos, maxRows, maxBytes, maxColumns, maxCellBytes, maxRowBytes, HeldResults.Hold.NONE);
    }

    /**
     * How long past the deadline a caller waits for the engine's own stop (PostgreSQL's
     * statement_timeout, SQLite's interrupt) before it is answered DEADLINE_EXCEEDED regardless; the
     * statement itself runs on to its end on the engine, holding its bulkhead slot and connection.
     */
    public static final Duration ENGINE_STOP_GRACE = Duration.ofMillis(100);

    /** Limits for the executor's own introspection queries (no caller limits apply). */
    public static ExecutionLimits introspection(long timeoutMillis, long deadlineNanos) {
        return new ExecutionLimits(timeoutMillis, deadlineNanos, 0, 0, 0, 0, 0);
    }

    public long remainingMillis() {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    /** How long the caller waits for the engine: until the deadline plus {@link #ENGINE_STOP_GRACE}. */
    public Duration callerWait() {
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())).plus(ENGINE_STOP_GRACE);
    }

    public boolean expired() {
        return System.nanoTime() - deadlineNanos >= 0;
    }

    /**
     * Characters a text cell of a row with {@code textColumns} variable-width columns may keep: the
     * cell cap, or less when the row cap must be shared. A character is 1 to 4 UTF-8 bytes; cells over
     * it are cut further to fit in bytes.
     */
    public int cellCut(int textColumns) {
        return Math.max(1, Math.min(maxCellBytes, maxRowBytes / Math.max(1, textColumns)));
    }

    /** Which cap a cut made by {@link #cellCut} is due to. */
    public boolean rowCapBinds(int textColumns) {
        return maxRowBytes / Math.max(1, textColumns) < maxCellBytes;
    }
}
