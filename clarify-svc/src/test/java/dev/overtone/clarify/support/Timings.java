package dev.overtone.clarify.support;

import java.util.Arrays;

/** The benches' timing: runs after a warm-up, sorted, reported as p50/p99/max (one run's medians, no assertion). */
public final class Timings {

    private Timings() {
    }

    /** Nanoseconds of each of {@code runs} runs after {@code warmup} untimed ones, sorted. */
    public static long[] time(int runs, int warmup, Runnable r) {
        for (int i = 0; i < warmup; i++) {
            r.run();
        }
        long[] t = new long[runs];
        for (int i = 0; i < runs; i++) {
            long s = System.nanoTime();
            r.run();
            t[i] = System.nanoTime() - s;
        }
        Arrays.sort(t);
        return t;
    }

    public static void report(String what, long[] sorted) {
        System.out.printf("BENCH %-62s n=%d p50=%.3f ms p99=%.3f ms max=%.3f ms%n", what, sorted.length,
                sorted[sorted.length / 2] / 1e6, sorted[(int) Math.ceil(sorted.length * 0.99) - 1] / 1e6, sorted[sorted.length - 1] / 1e6);
    }
}
