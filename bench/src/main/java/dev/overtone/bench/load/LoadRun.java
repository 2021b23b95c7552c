package dev.overtone.bench.load;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import dev.overtone.bench.SuiteOptions;
import dev.overtone.bench.client.InterpretRequests;
import dev.overtone.bench.client.StageNames;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.DatabaseCatalog;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.PreparedDataset;
import dev.overtone.bench.report.ReportFiles;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.StageTiming;
import io.grpc.StatusRuntimeException;

/** One load run: fixed concurrency, bounded time, seeded request mix; {@code ignoreMemory}: every call without the tenant's memory. */
public record LoadRun(Path out, int concurrency, int seconds, int warmupSeconds, long seed, String tenant, String database,
                      Path data, double dataShare, Integer limit, boolean infill, List<String> families, boolean ignoreMemory) {

    public LoadRun {
        families = families == null ? List.of() : families;
    }

    /** A run with the tenant's memory on (as a caller that does not set {@code ignore_memory}). */
    public LoadRun(Path out, int concurrency, int seconds, int warmupSeconds, long seed, String tenant, String database,
                   Path data, double dataShare, Integer limit, boolean infill, List<String> families) {
        this(out, concurrency, seconds, warmupSeconds, seed, tenant, database, data, dataShare, limit, infill, families, false);
    }

    /** The demo requests: the paper's hotel question and a few neighbours, with caller SQL as defaults. */
    static final List<String[]> DEMO = List.of(
            new String[]{"return the rating of each hotel", "SELECT name, stars FROM hotels"},
            new String[]{"return the rating of each hotel",
                    "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name"},
            new String[]{"how many rooms does each hotel have",
                    "SELECT h.name, COUNT(*) FROM hotels h JOIN rooms r ON r.hotel_id = h.id GROUP BY h.name"},
            new String[]{"which hotels are in Lisbon", "SELECT name FROM hotels WHERE city = 'Lisbon'"});

    /** One completed call; {@code endSecond} is when it ended, in seconds from the measured run's start. */
    /** {@code degradations}: the answer's degraded stages, each as "SERVICE CAUSE: message" (a downstream call failed). */
    public record Call(double millis, String status, Map<String, Double> stageMillis, String message, double endSecond,
                       List<String> degradations) {
        /** A call whose answer had no degraded stage (or that failed). */
        public Call(double millis, String status, Map<String, Double> stageMillis, String message, double endSecond) {
            this(millis, status, stageMillis, message, endSecond, List.of());
        }
    }

    /** The requests a worker draws from: the demo requests, and with {@code --data} the data set's examples. */
    public record Mix(List<InterpretRequest> demo, List<InterpretRequest> data) {
        public InterpretRequest draw(Random random, double dataShare) {
            return !data.isEmpty() && random.nextDouble() < dataShare
                    ? data.get(random.nextInt(data.size())) : demo.get(random.nextInt(demo.size()));
        }
    }

    /**
     * Builds the request mix (preparing the data set's databases and tenant file when {@code --data} is given, with their
     * progress and repairs on {@code err}).
     */
    public Mix mix(SuiteOptions suiteOptions, PrintWriter err) throws Exception {
        List<InterpretRequest> fromData = new ArrayList<>();
        if (data != null) {
            PreparedDataset prepared = PreparedDataset.prepare(data, ex -> true, limit, suiteOptions.home(), err);
            for (Example ex : prepared.examples()) {
                fromData.add(withMemoryChoice(InterpretRequests.forExample(ex, DatabaseCatalog.TENANT,
                        prepared.catalog().databaseOf(ex).name(), infill, families)));
            }
        }
        return new Mix(demoRequests(), fromData);
    }

    List<InterpretRequest> demoRequests() {
        List<InterpretRequest> reqs = new ArrayList<>();
        for (String[] d : DEMO) {
            reqs.add(InterpretRequest.newBuilder().setTenant(tenant).setDatabase(database).setQuestion(d[0])
                    .addDefaults(CallerDefault.newBuilder().setSql(d[1]))
                    .setOptions(InterpretRequests.options(infill, families).toBuilder().setIgnoreMemory(ignoreMemory)).build());
        }
        return reqs;
    }

    private InterpretRequest withMemoryChoice(InterpretRequest request) {
        return request.toBuilder().setOptions(request.getOptions().toBuilder().setIgnoreMemory(ignoreMemory)).build();
    }

    /**
     * Runs it: the readable summary goes to {@code summary} (stdout); what it is doing, and how the suite was reached, to
     * {@code err}.
     */
    public int execute(SuiteOptions suiteOptions, PrintWriter summary, PrintWriter err) throws Exception {
        Instant startedAt = Instant.now();
        Mix requests = mix(suiteOptions, err);
        List<InterpretRequest> demo = requests.demo();
        List<InterpretRequest> mix = requests.data();
        List<Call> calls;
        try (Suite suite = suiteOptions.connect(false, err)) {
            if (warmupSeconds > 0) {
                err.println("bench: warming up for " + warmupSeconds + " s");
                drive(suite, suiteOptions.deadlineMs(), demo, mix, warmupSeconds, seed - 1);
            }
            err.println("bench: measuring " + seconds + " s at concurrency " + concurrency);
            calls = drive(suite, suiteOptions.deadlineMs(), demo, mix, seconds, seed);
        }
        Map<String, Object> report = report(calls, seconds);
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("concurrency", concurrency);
        run.put("seconds", seconds);
        run.put("warmup_seconds", warmupSeconds);
        run.put("seed", seed);
        run.put("tenant", tenant);
        run.put("database", database);
        run.put("data", data == null ? null : data.toAbsolutePath().normalize().toString());
        run.put("data_share", dataShare);
        run.put("infill", infill);
        run.put("ignore_memory", ignoreMemory);
        run.put("interpreter", suiteOptions.interpreterEndpoint().toString());
        run.put("started_at", startedAt.toString());
        report.put("run", run);
        ReportFiles.writeJson(out.resolve("report.json"), report);
        ReportFiles.writeText(out.resolve("report.md"), markdown(report, concurrency));
        summary.println(LoadRun.summary(report));
        summary.println("report: " + out.resolve("report.json"));
        return 0;
    }

    private List<Call> drive(Suite suite, long deadlineMs, List<InterpretRequest> demo, List<InterpretRequest> mix,
                             int durationSeconds, long runSeed) throws Exception {
        long start = System.nanoTime();
        long end = start + durationSeconds * 1_000_000_000L;
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try {
            List<Future<List<Call>>> workers = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                Random random = new Random(runSeed * 1_000_003L + w);
                workers.add(pool.submit(() -> {
                    List<Call> mine = new ArrayList<>();
                    while (System.nanoTime() < end) {
                        InterpretRequest req = !mix.isEmpty() && random.nextDouble() < dataShare
                                ? mix.get(random.nextInt(mix.size())) : demo.get(random.nextInt(demo.size()));
                        mine.add(call(suite, deadlineMs, req, start));
                    }
                    return mine;
                }));
            }
            List<Call> all = new ArrayList<>();
            for (Future<List<Call>> f : workers) {
                all.addAll(f.get());
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Call call(Suite suite, long deadlineMs, InterpretRequest req, long runStart) {
        return call(() -> suite.interpreter(deadlineMs), req, runStart);
    }

    /** One Interpret on a fresh stub (with its deadline) from {@code stubs}, timed; a failure is its status. */
    public static Call call(java.util.function.Supplier<dev.overtone.proto.v1.InterpreterServiceGrpc.InterpreterServiceBlockingStub> stubs,
                            InterpretRequest req, long runStart) {
        long t0 = System.nanoTime();
        try {
            InterpretResponse r = stubs.get().interpret(req);
            double ms = (System.nanoTime() - t0) / 1e6;
            Map<String, Double> stages = new LinkedHashMap<>();
            for (StageTiming t : r.getTimingsList()) {
                stages.merge(StageNames.of(t), t.getMicros() / 1000.0, Double::sum);
            }
            if (r.getTotalMicros() > 0) {
                stages.put("total (server)", r.getTotalMicros() / 1000.0);
            }
            List<String> degradations = r.getDegradationsList().stream()
                    .map(d -> d.getService() + " " + d.getCause().name() + ": " + d.getMessage()).toList();
            return new Call(ms, "OK", stages, null, secondsSince(runStart), degradations);
        } catch (StatusRuntimeException e) {
            return new Call((System.nanoTime() - t0) / 1e6, e.getStatus().getCode().name(), Map.of(),
                    e.getStatus().getDescription(), secondsSince(runStart));
        }
    }

    private static double secondsSince(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** {@code {"throughput_rps", "p50_ms", "p90_ms", "p99_ms", "errors", "stages", ...}}; latencies of successful calls. */
    static Map<String, Object> report(List<Call> calls, int seconds) {
        List<Call> ok = calls.stream().filter(c -> c.status().equals("OK")).toList();
        LatencyStats lat = new LatencyStats(ok.stream().mapToDouble(Call::millis).toArray());
        Map<String, Integer> errors = new TreeMap<>();
        Map<String, String> samples = new TreeMap<>();
        calls.stream().filter(c -> !c.status().equals("OK")).forEach(c -> {
            errors.merge(c.status(), 1, Integer::sum);
            samples.putIfAbsent(c.status(), String.valueOf(c.message()));
        });
        Map<String, List<Double>> perStage = new TreeMap<>();
        for (Call c : ok) {
            c.stageMillis().forEach((k, v) -> perStage.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
        Map<String, Object> stages = new LinkedHashMap<>();
        perStage.forEach((k, v) -> {
            LatencyStats s = new LatencyStats(v.stream().mapToDouble(Double::doubleValue).toArray());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("calls", s.count());
            m.put("mean_ms", round(s.mean()));
            m.put("p50_ms", round(s.percentile(50)));
            m.put("p99_ms", round(s.percentile(99)));
            stages.put(k, m);
        });
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("throughput_rps", round(ok.size() / (double) seconds));
        r.put("p50_ms", round(lat.percentile(50)));
        r.put("p90_ms", round(lat.percentile(90)));
        r.put("p99_ms", round(lat.percentile(99)));
        r.put("errors", errors);
        r.put("stages", stages);
        r.put("p50_by_stage", StageSplit.of(ok));
        r.put("calls", calls.size());
        r.put("ok", ok.size());
        r.put("mean_ms", round(lat.mean()));
        r.put("max_ms", round(lat.max()));
        r.put("error_samples", samples);
        List<Map<String, Object>> windows = LoadWindows.of(ok, seconds);
        r.put("windows", windows);
        r.put("still_warming", LoadWindows.stillRising(windows));
        return r;
    }

    /** To three decimals, as every figure of the report. */
    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    @SuppressWarnings("unchecked")
    static String summary(Map<String, Object> r) {
        String line = String.format(Locale.ROOT, "throughput %.1f req/s (%s ok of %s calls), latency p50 %.1f ms, p90 %.1f ms, "
                        + "p99 %.1f ms; errors %s", (Double) r.get("throughput_rps"), r.get("ok"), r.get("calls"),
                (Double) r.get("p50_ms"), (Double) r.get("p90_ms"), (Double) r.get("p99_ms"), r.get("errors"));
        List<Map<String, Object>> windows = (List<Map<String, Object>>) r.get("windows");
        line += "\nper " + LoadWindows.WINDOW_SECONDS + " s: " + windows.stream()
                .map(w -> String.format(Locale.ROOT, "%.1f", (Double) w.get("throughput_rps"))).collect(Collectors.joining(", "))
                + " req/s";
        if (Boolean.TRUE.equals(r.get("still_warming"))) {
            line += "\nthroughput was still rising (the services' JIT compilers were still at work): this is not the"
                    + " steady state; measure again with a longer --warmup-seconds";
        }
        return line;
    }

    @SuppressWarnings("unchecked")
    static String markdown(Map<String, Object> r, int concurrency) {
        StringBuilder md = new StringBuilder("# Load report\n\n");
        md.append(summary(r)).append(".\n\nLatencies are client-side wall times of successful Interpret calls.\n\n");
        md.append("| stage | calls | mean ms | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|\n");
        ((Map<String, Map<String, Object>>) r.get("stages")).forEach((k, m) -> md.append("| ").append(k).append(" | ")
                .append(m.get("calls")).append(" | ").append(m.get("mean_ms")).append(" | ").append(m.get("p50_ms"))
                .append(" | ").append(m.get("p99_ms")).append(" |\n"));
        Map<String, String> samples = (Map<String, String>) r.get("error_samples");
        if (!samples.isEmpty()) {
            md.append("\n## Errors\n\n");
            samples.forEach((k, v) -> md.append("- ").append(k).append(" (").append(((Map<String, Integer>) r.get("errors")).get(k))
                    .append("), e.g. ").append(v).append('\n'));
        }
        md.append(LoadGoals.markdown(concurrency, (Double) r.get("throughput_rps"), (Double) r.get("p50_ms"),
                (Double) r.get("p99_ms")));
        return md.toString();
    }
}
