package dev.overtone.bench.load;

import java.util.Arrays;

/** Percentiles of a set of durations (nearest-rank on the sorted sample). */
public final class LatencyStats {

    private final double[] sorted;

    public LatencyStats(double[] values) {
        this.sorted = values.clone();
        Arrays.sort(this.sorted);
    }

    public int count() {
        return sorted.length;
    }

    /** The {@code p}-th percentile (0 &lt; p ≤ 100) by nearest rank; 0 for an empty sample. */
    public double percentile(double p) {
        if (sorted.length == 0) {
            return 0.0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
    }

    public double mean() {
        return sorted.length == 0 ? 0.0 : Arrays.stream(sorted).sum() / sorted.length;
    }

    public double max() {
        return sorted.length == 0 ? 0.0 : sorted[sorted.length - 1];
    }
}
