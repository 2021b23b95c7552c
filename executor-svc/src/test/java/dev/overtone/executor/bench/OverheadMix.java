package dev.overtone.executor.bench;

import dev.overtone.executor.service.TenantDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one mix of SandboxOverheadBench measured: the ways of running it, by name in report order, and what was dropped. */
final class OverheadMix {
    static final String RAW_WAY = "raw driver call";
    /** A statement of a mix on one tenant database. */
    record Statement(TenantDatabase database, String sql) {
    }

    /** A statement that did not make it into the timing, and why. */
    record Dropped(Statement statement, String why) {
    }

    /** The times of one way of running, per statement and round, in milliseconds. */
    static final class Timings {
        final List<double[]> perStatement = new ArrayList<>();

        double[] forStatement(int rounds) {
            double[] times = new double[rounds];
            perStatement.add(times);
            return times;
        }

        double[] all() {
            return perStatement.stream().flatMapToDouble(Arrays::stream).toArray();
        }

        double p(int percentile) {
            return percentile(all(), percentile);
        }

        /** The median over statements of (this statement's median / the other's median). */
        double medianRatioTo(Timings other) {
            double[] ratios = new double[perStatement.size()];
            for (int i = 0; i < ratios.length; i++) {
                ratios[i] = percentile(perStatement.get(i), 50) / percentile(other.perStatement.get(i), 50);
            }
            return percentile(ratios, 50);
        }
    }

    final String name;
    final int distinct;
    final Map<String, Timings> ways = new LinkedHashMap<>();
    final List<Dropped> failedRaw = new ArrayList<>();
    final List<Dropped> refused = new ArrayList<>();
    final List<Dropped> failedSandboxed = new ArrayList<>();
    final List<Dropped> rowCountDiffers = new ArrayList<>();
    int timed;
    int truncated;
    int rounds;

    OverheadMix(String name, int distinct, int rounds, String... wayNames) {
        this.name = name;
        this.distinct = distinct;
        this.rounds = rounds;
        for (String way : wayNames) {
            ways.put(way, new Timings());
        }
    }

    Timings way(String name) {
        return ways.get(name);
    }

    static double percentile(double[] values, int p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1))];
    }
}
