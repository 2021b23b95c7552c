package dev.overtone.executor.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The realistic mix of {@code bin/overtone bench load} as SandboxOverheadBench reads it. A load run draws each
 * call's request at random: with probability {@link #DATA_SHARE} one of the {@link #DATA_REQUESTS} examples of
 * the data set ({@code --data ambrosia-star/dev.gemma.jsonl --data-share 0.8}), else one of the
 * {@link #DEMO_REQUESTS} demo requests. A request's statements are the same every time it is drawn, so a statement
 * is first-seen by the executor (no policy decision, no remembered shape) only on the first draw of its request;
 * every later draw repeats it. Over {@code calls} draws the expected share of first-seen statements is
 * {@code sum over requests of (1 - (1 - p)^calls) / calls} (statements per request taken as equal).
 * The weighted p50 is the median of the mixture: first-seen times with that share, repeated times with the rest.
 */
final class RealisticMix {
    static final int DATA_REQUESTS = 396;
    static final int DEMO_REQUESTS = 4;
    static final double DATA_SHARE = 0.8;
    /**
     * Calls of one standard load run (bench/README: 10 s + 180 s warm-up and 40 s measured at concurrency 16, at
     * about 100 questions/s, then 40 s at concurrency 1, about 55/s).
     */
    static final long STANDARD_RUN_CALLS = 100 * 230 + 55 * 40;
    /** Calls before the measured windows of a standard run. */
    static final long STANDARD_WARM_UP_CALLS = 100 * 190;

    private RealisticMix() {
    }

    /** Expected share of first-seen statements among all calls of a run of {@code calls}. */
    static double firstSeenShare(long calls) {
        return distinctDrawn(calls) / calls;
    }

    /** Expected share of first-seen statements among the calls after the first {@code warmUp} of a run. */
    static double firstSeenShareAfter(long warmUp, long calls) {
        return (distinctDrawn(calls) - distinctDrawn(warmUp)) / (calls - warmUp);
    }

    private static double distinctDrawn(long calls) {
        double data = DATA_REQUESTS * (1 - Math.pow(1 - DATA_SHARE / DATA_REQUESTS, calls));
        double demo = DEMO_REQUESTS * (1 - Math.pow(1 - (1 - DATA_SHARE) / DEMO_REQUESTS, calls));
        return data + demo;
    }

    /** The median of first-seen times (weight {@code share}) and repeated times (weight {@code 1 - share}). */
    static double weightedMedian(double[] firstSeen, double[] repeated, double share) {
        List<double[]> weighted = new ArrayList<>();
        for (double t : firstSeen) {
            weighted.add(new double[] {t, share / firstSeen.length});
        }
        for (double t : repeated) {
            weighted.add(new double[] {t, (1 - share) / repeated.length});
        }
        return median(weighted);
    }

    /** The median of {value, weight} pairs. */
    static double median(List<double[]> weighted) {
        weighted.sort(Comparator.comparingDouble(v -> v[0]));
        double total = weighted.stream().mapToDouble(v -> v[1]).sum();
        double cumulative = 0;
        for (double[] v : weighted) {
            cumulative += v[1];
            if (cumulative >= total / 2) {
                return v[0];
            }
        }
        return weighted.isEmpty() ? Double.NaN : weighted.get(weighted.size() - 1)[0];
    }

    /**
     * Per statement, the weighted median of its rounds over its raw median, each given {@code weight}: the ratios
     * of one mix, for the combined reading.
     */
    static void ratios(OverheadMix mix, String firstSeenWay, String repeatedWay, double share, double weight,
            List<double[]> into) {
        OverheadMix.Timings raw = mix.way(OverheadMix.RAW_WAY);
        List<double[]> first = mix.way(firstSeenWay).perStatement;
        List<double[]> repeated = mix.way(repeatedWay).perStatement;
        for (int i = 0; i < first.size(); i++) {
            double ratio = weightedMedian(first.get(i), repeated.get(i), share)
                    / OverheadMix.percentile(raw.perStatement.get(i), 50);
            into.add(new double[] {ratio, weight / first.size()});
        }
    }
}
