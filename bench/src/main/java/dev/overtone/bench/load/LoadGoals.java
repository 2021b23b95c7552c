package dev.overtone.bench.load;

import java.util.Locale;

/** Issue 17's load goals, judged in the report for the concurrency they are set at (1 and 16). */
final class LoadGoals {
    static final double SINGLE_P50_MS = 25;
    static final double SINGLE_P99_MS = 60;
    static final int LOADED_CONCURRENCY = 16;
    static final double LOADED_THROUGHPUT_RPS = 150;
    static final double LOADED_P99_MS = 300;

    private LoadGoals() {
    }

    static String markdown(int concurrency, double throughputRps, double p50Ms, double p99Ms) {
        if (concurrency == 1) {
            return String.format(Locale.ROOT, "%n## Goal at concurrency 1 (p50 ≤ %.0f ms, p99 ≤ %.0f ms)%n%n", SINGLE_P50_MS, SINGLE_P99_MS)
                    + atMost("p50", p50Ms, SINGLE_P50_MS) + atMost("p99", p99Ms, SINGLE_P99_MS);
        }
        if (concurrency == LOADED_CONCURRENCY) {
            return String.format(Locale.ROOT, "%n## Goal at concurrency %d (≥ %.0f questions/s, p99 ≤ %.0f ms)%n%n",
                    LOADED_CONCURRENCY, LOADED_THROUGHPUT_RPS, LOADED_P99_MS)
                    + (throughputRps >= LOADED_THROUGHPUT_RPS ? "- throughput: met\n"
                    : String.format(Locale.ROOT, "- throughput: **missed** by %.1f req/s%n", LOADED_THROUGHPUT_RPS - throughputRps))
                    + atMost("p99", p99Ms, LOADED_P99_MS);
        }
        return "\n## Goals\n\nSet at concurrency 1 and 16 only.\n";
    }

    private static String atMost(String what, double ms, double goalMs) {
        return ms <= goalMs ? "- " + what + ": met\n"
                : String.format(Locale.ROOT, "- %s: **missed** by %.1f ms%n", what, ms - goalMs);
    }
}
