package dev.overtone.bench.candidates;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.overtone.bench.MeasurementOptions;
import dev.overtone.bench.client.InterpretRequests;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.DatabaseCatalog;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.PreparedDataset;
import dev.overtone.bench.load.LatencyStats;
import dev.overtone.bench.load.LoadRun;
import dev.overtone.bench.report.LoadAverage;
import dev.overtone.bench.report.ReportFiles;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import io.grpc.StatusRuntimeException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench candidates}: the same questions asked with a few and with many sampled candidates (SampledCandidates),
 * one call at a time, the two sizes alternating; medians of each and their ratio.
 */
@Command(name = "candidates", mixinStandardHelpOptions = true,
        description = "Interpret latency with few vs many caller candidates (sampled variants of each question's own defaults).")
public class CandidatesCommand implements Callable<Integer> {

    @Mixin
    MeasurementOptions measured;

    @Option(names = "--data", required = true, description = "JSONL data set (registered as tenant bench)")
    Path data;

    @Option(names = "--questions", defaultValue = "40", description = "questions, the first with SQL defaults (default ${DEFAULT-VALUE})")
    int questions;

    @Option(names = "--small", defaultValue = "15", description = "candidates in the small request (default ${DEFAULT-VALUE})")
    int small;

    @Option(names = "--large", defaultValue = "150", description = "candidates in the large request (default ${DEFAULT-VALUE})")
    int large;

    @Option(names = "--rounds", defaultValue = "3", description = "times each request is asked (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--warmup", defaultValue = "1", description = "unmeasured rounds first (default ${DEFAULT-VALUE})")
    int warmup;

    @Override
    public Integer call() throws Exception {
        if (questions < 1 || small < 1 || large <= small || rounds < 1 || warmup < 0) {
            throw new IllegalArgumentException("--questions, --small, --rounds >= 1, --large > --small, --warmup >= 0");
        }
        Instant startedAt = Instant.now();
        PrintWriter err = measured.err();
        PreparedDataset prepared = PreparedDataset.prepare(data, ex -> !ex.defaultSql().isEmpty(), questions, measured.suite.home(),
                err);
        List<InterpretRequest[]> pairs = new ArrayList<>();
        for (Example ex : prepared.examples()) {
            InterpretRequest base = InterpretRequests.forExample(ex, DatabaseCatalog.TENANT, prepared.catalog().databaseOf(ex).name(),
                    measured.interpret.infill(), measured.interpret.families());
            List<String> many = SampledCandidates.of(ex.defaultSql(), large, ex.id().hashCode());
            pairs.add(new InterpretRequest[]{withCandidates(base, many.subList(0, small)), withCandidates(base, many)});
        }
        List<Double> smallMs = new ArrayList<>(), largeMs = new ArrayList<>(), ratios = new ArrayList<>();
        Map<String, Integer> statuses = new LinkedHashMap<>();
        int cut = 0, distinctLarge = 0;
        try (Suite s = measured.suite.connect(false, err)) {
            for (int round = 0; round < warmup + rounds; round++) {
                boolean counted = round >= warmup;
                for (InterpretRequest[] pair : pairs) {
                    // alternate which size goes first, so neither always meets a warmer cache
                    int first = round % 2;
                    double[] ms = new double[2];
                    for (int k = 0; k < 2; k++) {
                        int which = (first + k) % 2;
                        LoadRun.Call c = LoadRun.call(() -> s.interpreter(measured.suite.deadlineMs()), pair[which], System.nanoTime());
                        ms[which] = c.millis();
                        if (counted) {
                            statuses.merge((which == 0 ? "small " : "large ") + c.status(), 1, Integer::sum);
                        }
                    }
                    if (counted) {
                        smallMs.add(ms[0]);
                        largeMs.add(ms[1]);
                        ratios.add(ms[1] / ms[0]);
                    }
                }
            }
            for (InterpretRequest[] pair : pairs) {
                try {
                    InterpretResponse r = s.interpreter(measured.suite.deadlineMs()).interpret(pair[1]);
                    cut += r.getDegradationsList().stream().map(Degradation::getCause)
                            .anyMatch(c -> c == DegradationCause.DEGRADATION_CAUSE_CANDIDATES_CUT) ? 1 : 0;
                } catch (StatusRuntimeException e) {
                    statuses.merge("large (cut check) " + e.getStatus().getCode(), 1, Integer::sum);
                }
                distinctLarge += (int) pair[1].getDefaultsList().stream().map(d -> d.getSql().strip().replaceAll(";+$", "")
                        .replaceAll("\\s+", " ").toLowerCase(Locale.ROOT)).distinct().count();
            }
        }
        double smallP50 = new LatencyStats(unbox(smallMs)).percentile(50);
        double largeP50 = new LatencyStats(unbox(largeMs)).percentile(50);
        Map<String, Object> report = new LinkedHashMap<>();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("data", data.toAbsolutePath().normalize().toString());
        run.put("questions", pairs.size());
        run.put("small", small);
        run.put("large", large);
        run.put("rounds", rounds);
        run.put("warmup_rounds", warmup);
        run.put("infill", measured.interpret.infill());
        run.put("started_at", startedAt.toString());
        run.put("load_average", LoadAverage.now());
        report.put("run", run);
        report.put("small_p50_ms", smallP50);
        report.put("large_p50_ms", largeP50);
        report.put("ratio_of_p50", largeP50 / smallP50);
        report.put("per_question_ratio_p50", new LatencyStats(unbox(ratios)).percentile(50));
        report.put("small_p90_ms", new LatencyStats(unbox(smallMs)).percentile(90));
        report.put("large_p90_ms", new LatencyStats(unbox(largeMs)).percentile(90));
        report.put("large_mean_distinct_sql", (double) distinctLarge / pairs.size());
        report.put("large_requests_cut", cut);
        report.put("statuses", statuses);
        ReportFiles.writeJson(measured.out.resolve("report.json"), report);
        PrintWriter summary = measured.summary();
        summary.printf(Locale.ROOT, "candidates: %d questions x %d rounds; p50 %d candidates %.1f ms, %d candidates %.1f ms: ratio %.2f "
                        + "(per question %.2f); %.1f distinct SQL per large request, %d cut; statuses %s%n",
                pairs.size(), rounds, small, smallP50, large, largeP50, largeP50 / smallP50,
                report.get("per_question_ratio_p50"), report.get("large_mean_distinct_sql"), cut, statuses);
        summary.println("report: " + measured.out.resolve("report.json"));
        return 0;
    }

    private static InterpretRequest withCandidates(InterpretRequest base, List<String> sqls) {
        InterpretRequest.Builder b = base.toBuilder().clearDefaults();
        sqls.forEach(sql -> b.addDefaults(CallerDefault.newBuilder().setSql(sql)));
        return b.build();
    }

    private static double[] unbox(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
