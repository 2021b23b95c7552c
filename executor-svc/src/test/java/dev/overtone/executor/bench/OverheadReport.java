package dev.overtone.executor.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The Markdown report of SandboxOverheadBench: the ways per mix, the session reset's cost, the realistic-mix reading. */
final class OverheadReport {
    static final String RAW = OverheadMix.RAW_WAY;
    static final String FIRST_SEEN = "first seen: policy (no cache) + engine (nothing remembered)";
    static final String REPEATED_BEFORE = "repeated, before: cached decision + engine as before"
            + " (SQLite: nothing remembered; PostgreSQL: shape remembered, no statement kept, DISCARD ALL)";
    static final String REPEATED = "repeated, after: cached decision + engine (shape remembered, statement kept)";
    static final String POLICY = "policy alone (no cache)";
    static final String ENGINE = "engine alone (nothing remembered)";
    static final String DISCARD = "DISCARD ALL round trip (raw pool)";
    static final String RESET = "the session reset's query round trip (raw pool)";
    static final String SELECT_1 = "SELECT 1 round trip (raw pool)";
    private static final int EXAMPLES_LISTED = 25;

    private OverheadReport() {
    }

    static String of(List<OverheadMix> mixes, Instant started, String loadBefore, String loadAfter) {
        List<String> lines = new ArrayList<>();
        lines.add("# Sandbox overhead (SandboxOverheadBench)");
        lines.add("");
        lines.add("Started " + started + ", " + Runtime.getRuntime().availableProcessors()
                + " processors, load average before: " + loadBefore + ", after: " + loadAfter + ".");
        lines.add("");
        lines.add("| mix | statements | failed raw (dropped) | refused by policy | failed sandboxed | row counts differ"
                + " | timed | truncated by default limits | rounds per statement |");
        lines.add("|---|---|---|---|---|---|---|---|---|");
        for (OverheadMix mix : mixes) {
            lines.add(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %d | %d |", mix.name,
                    mix.distinct, mix.failedRaw.size(), mix.refused.size(), mix.failedSandboxed.size(),
                    mix.rowCountDiffers.size(), mix.timed, mix.truncated, mix.rounds));
        }
        lines.add("");
        lines.add("| mix | way | p50 ms | p90 ms | p99 ms | p50 / raw p50 | p50 - raw p50 ms"
                + " | median per-statement ratio to raw |");
        lines.add("|---|---|---|---|---|---|---|---|");
        for (OverheadMix mix : mixes) {
            if (mix.timed == 0) {
                continue;
            }
            OverheadMix.Timings raw = mix.way(RAW);
            double rawP50 = raw.p(50);
            mix.ways.forEach((name, timings) -> lines.add(String.format(Locale.ROOT,
                    "| %s | %s | %.3f | %.3f | %.3f | %.2f | %.3f | %.2f |", mix.name, name, timings.p(50),
                    timings.p(90), timings.p(99), timings.p(50) / rawP50, timings.p(50) - rawP50,
                    timings.medianRatioTo(raw))));
        }
        for (OverheadMix mix : mixes) {
            if (mix.ways.containsKey(DISCARD) && mix.timed > 0) {
                double resetCost = mix.way(DISCARD).p(50) - mix.way(SELECT_1).p(50);
                lines.add("");
                lines.add(String.format(Locale.ROOT, "%s: DISCARD ALL costs about %.3f ms more than an empty round"
                        + " trip (p50s); it runs pipelined after the ROLLBACK, once the caller has its answer, so it"
                        + " adds its server work to the connection's next use, not a round trip to the call.",
                        mix.name, resetCost));
            }
        }
        realisticMix(lines, mixes);
        for (OverheadMix mix : mixes) {
            list(lines, mix.name + ": refused by the policy", mix.refused);
            list(lines, mix.name + ": failed sandboxed", mix.failedSandboxed);
            list(lines, mix.name + ": row counts differ", mix.rowCountDiffers);
            list(lines, mix.name + ": failed raw (dropped)", mix.failedRaw);
        }
        return String.join("\n", lines) + "\n";
    }

    /**
     * The goal's reading ({@link RealisticMix}): weighted p50 over raw p50 per mix, the median of the weighted
     * per-statement ratios, and both mixes combined (each mix half the weight), before and after.
     */
    private static void realisticMix(List<String> lines, List<OverheadMix> mixes) {
        long calls = RealisticMix.STANDARD_RUN_CALLS;
        long warmUp = RealisticMix.STANDARD_WARM_UP_CALLS;
        double[][] readings = {
            {RealisticMix.firstSeenShare(calls), calls},
            {RealisticMix.firstSeenShareAfter(warmUp, calls), calls - warmUp},
            {RealisticMix.firstSeenShare(1000), 1000}};
        String[] names = {"whole standard load run (warm-up included)", "measured windows of a standard run",
            "a short run of 1000 calls"};
        lines.add("");
        lines.add("## The realistic mix (bench load): weighted p50 / raw p50 (median of per-statement ratios)");
        lines.add("");
        lines.add("| reading | calls | first-seen share | mix | before | after |");
        lines.add("|---|---|---|---|---|---|");
        for (int r = 0; r < readings.length; r++) {
            double share = readings[r][0];
            List<double[]> before = new ArrayList<>();
            List<double[]> after = new ArrayList<>();
            List<OverheadMix> timed = mixes.stream().filter(m -> m.timed > 0).toList();
            for (OverheadMix mix : timed) {
                List<double[]> mixBefore = new ArrayList<>();
                List<double[]> mixAfter = new ArrayList<>();
                RealisticMix.ratios(mix, FIRST_SEEN, REPEATED_BEFORE, share, 1, mixBefore);
                RealisticMix.ratios(mix, FIRST_SEEN, REPEATED, share, 1, mixAfter);
                double raw = mix.way(RAW).p(50);
                double pooledBefore = RealisticMix.weightedMedian(mix.way(FIRST_SEEN).all(),
                        mix.way(REPEATED_BEFORE).all(), share) / raw;
                double pooledAfter = RealisticMix.weightedMedian(mix.way(FIRST_SEEN).all(),
                        mix.way(REPEATED).all(), share) / raw;
                lines.add(String.format(Locale.ROOT, "| %s | %.0f | %.4f | %s | %.2f (%.2f) | %.2f (%.2f) |",
                        names[r], readings[r][1], share, mix.name, pooledBefore, RealisticMix.median(mixBefore),
                        pooledAfter, RealisticMix.median(mixAfter)));
                RealisticMix.ratios(mix, FIRST_SEEN, REPEATED_BEFORE, share, 1.0 / timed.size(), before);
                RealisticMix.ratios(mix, FIRST_SEEN, REPEATED, share, 1.0 / timed.size(), after);
            }
            lines.add(String.format(Locale.ROOT, "| %s | %.0f | %.4f | combined (per-statement, each mix half) | (%.2f)"
                    + " | (%.2f) |", names[r], readings[r][1], share, RealisticMix.median(before),
                    RealisticMix.median(after)));
        }
    }

    private static void list(List<String> lines, String title, List<OverheadMix.Dropped> dropped) {
        if (dropped.isEmpty()) {
            return;
        }
        lines.add("");
        lines.add("### " + title + " (" + dropped.size() + (dropped.size() > EXAMPLES_LISTED
                ? ", the first " + EXAMPLES_LISTED + " listed" : "") + ")");
        lines.add("");
        for (OverheadMix.Dropped d : dropped.subList(0, Math.min(EXAMPLES_LISTED, dropped.size()))) {
            lines.add("- `" + d.statement().database().key() + "`: `" + d.statement().sql().replace("\n", "\\n")
                    .replace("`", "'") + "` — " + d.why().replace("\n", " "));
        }
    }
}
