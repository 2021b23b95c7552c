package dev.overtone.executor.support;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import java.util.concurrent.TimeUnit;

/**
 * The limits of one statement for tests that call an engine or a session directly: a time limit from now and the caps
 * of an ordinary call (100 rows, 1 MB of cells, 100 columns, 64 KiB a cell, 1 MiB a row), or the row and cell caps the
 * test is about.
 */
public final class CallLimits {
    private static final long FIVE_SECONDS = 5_000;

    private CallLimits() {
    }

    /** {@code millis} from now and the server's default caps, as Execute gives a call that names no caps of its own. */
    public static ExecutionLimits serverDefaults(ExecutorConfig.Limits server, long millis) {
        return new ExecutionLimits(millis, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis), server.defaultMaxRows(),
                server.defaultMaxBytes(), server.defaultMaxColumns(), server.maxCellBytes(), server.maxRowBytes());
    }

    /** Five seconds from now and the ordinary caps. */
    public static ExecutionLimits ordinary() {
        return within(FIVE_SECONDS);
    }

    /** {@code millis} from now and the ordinary caps. */
    public static ExecutionLimits within(long millis) {
        return capped(millis, 100, 65_536);
    }

    /** Five seconds from now, {@code rows} rows and {@code cellBytes} a cell. */
    public static ExecutionLimits capped(int rows, int cellBytes) {
        return capped(FIVE_SECONDS, rows, cellBytes);
    }

    private static ExecutionLimits capped(long millis, int rows, int cellBytes) {
        return new ExecutionLimits(millis, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis), rows, 1_000_000, 100,
                cellBytes, 1_048_576);
    }
}
