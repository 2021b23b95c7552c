package dev.overtone.executor.bench;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Throughput at saturation, for PostgresPhaseBench: {@code inFlight} calls always outstanding (more than a pool has
 * connections), each way cycling through the statements for a window, the ways taking turns round by round. What a
 * connection does after its caller has the answer (the session reset) still holds it, so it shows here.
 */
final class Saturation {
    private Saturation() {
    }

    /** Median calls per second of each way over {@code rounds} windows, and the calls that failed. */
    static Map<String, double[]> measure(Map<String, Function<String, Uni<?>>> ways, List<String> statements,
            int inFlight, Duration window, int rounds) throws InterruptedException {
        Map<String, double[]> perRound = new LinkedHashMap<>();
        Map<String, Long> failed = new LinkedHashMap<>();
        ways.keySet().forEach(way -> perRound.put(way, new double[rounds]));
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, Function<String, Uni<?>>> way : ways.entrySet()) {
                AtomicLong failures = new AtomicLong();
                perRound.get(way.getKey())[round] = callsPerSecond(way.getValue(), statements, inFlight, window,
                        failures);
                failed.merge(way.getKey(), failures.get(), Long::sum);
            }
        }
        Map<String, double[]> result = new LinkedHashMap<>();
        perRound.forEach((way, values) -> {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            result.put(way, new double[] {sorted[sorted.length / 2], failed.get(way)});
        });
        return result;
    }

    /** The measurements as a markdown section. */
    static String report(Map<String, double[]> callsPerSecond, int poolSize) throws java.io.IOException {
        List<String> lines = new java.util.ArrayList<>();
        lines.add("");
        lines.add("At saturation: " + 2 * poolSize + " calls outstanding on pools of " + poolSize + " connections, 3"
                + " windows of 2 s per way, taking turns; load average "
                + java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip());
        lines.add("");
        lines.add("| way | calls/s (median window) | failed calls |");
        lines.add("|---|---|---|");
        callsPerSecond.forEach((way, result) -> lines.add(String.format(java.util.Locale.ROOT, "| %s | %.0f | %.0f |",
                way, result[0], result[1])));
        return String.join("\n", lines) + "\n";
    }

    private static double callsPerSecond(Function<String, Uni<?>> way, List<String> statements, int inFlight,
            Duration window, AtomicLong failures) throws InterruptedException {
        AtomicLong completed = new AtomicLong();
        AtomicInteger next = new AtomicInteger();
        CountDownLatch stopped = new CountDownLatch(inFlight);
        long start = System.nanoTime();
        long end = start + window.toNanos();
        Caller caller = new Caller(way, statements, next, completed, failures, end, stopped);
        for (int i = 0; i < inFlight; i++) {
            caller.call();
        }
        if (!stopped.await(window.toSeconds() + 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("calls still outstanding a minute after the window");
        }
        return completed.get() / ((System.nanoTime() - start) / 1e9);
    }

    /** One outstanding call that starts the next as it ends, until the window is over. */
    private record Caller(Function<String, Uni<?>> way, List<String> statements, AtomicInteger next,
            AtomicLong completed, AtomicLong failures, long end, CountDownLatch stopped) {
        void call() {
            if (System.nanoTime() >= end) {
                stopped.countDown();
                return;
            }
            String sql = statements.get(Math.floorMod(next.getAndIncrement(), statements.size()));
            way.apply(sql).subscribe().with(done -> {
                completed.incrementAndGet();
                call();
            }, failure -> {
                failures.incrementAndGet();
                call();
            });
        }
    }
}
