package dev.overtone.executor.support;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time the JVM's threads other than the test's own have used since a mark: the work of the in-process server (the
 * engine's stepping thread above all), which, unlike wall time, does not grow when the machine is loaded.
 */
public final class ServerCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long self = Thread.currentThread().getId();
    private final Map<Long, Long> atMark = times();

    /** A mark taken now. */
    public static ServerCpu mark() {
        return new ServerCpu();
    }

    /** Milliseconds of CPU the other threads used since the mark (per thread, so a thread that ended since takes nothing away). */
    public long millisSinceMark() {
        long nanos = 0;
        for (Map.Entry<Long, Long> now : times().entrySet()) {
            if (now.getKey() != self) {
                nanos += now.getValue() - atMark.getOrDefault(now.getKey(), 0L);
            }
        }
        return nanos / 1_000_000;
    }

    private static Map<Long, Long> times() {
        Map<Long, Long> times = new HashMap<>();
        for (long id : THREADS.getAllThreadIds()) {
            long nanos = THREADS.getThreadCpuTime(id);
            if (nanos >= 0) {
                times.put(id, nanos);
            }
        }
        return times;
    }
}
