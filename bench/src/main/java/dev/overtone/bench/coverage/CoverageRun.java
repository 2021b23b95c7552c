package dev.overtone.bench.coverage;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.ParallelMap;
import dev.overtone.bench.SuiteOptions;
import dev.overtone.bench.client.DefaultsMode;
import dev.overtone.bench.client.InterpretRequests;
import dev.overtone.bench.client.StageNames;
import dev.overtone.bench.client.StatusNames;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.DatabaseCatalog;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.bench.dataset.PreparedDataset;
import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.ExampleScore;
import dev.overtone.bench.scoring.ExampleScorer;
import dev.overtone.bench.scoring.RankedSummary;
import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Slot;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * One coverage run: build the databases, ask Interpret, score both systems, write the report. With
 * {@code paraphrases} each interpretation's paraphrases are predicted too, right after it
 * ({@link InterpretRequests#sqlWithParaphrasesOf}).
 */
public record CoverageRun(ExampleOptions dataset, InterpretChoices interpret, Path out, ExampleScorer.IdenticalGolds identical,
                          Path home, long deadlineMs, DefaultsMode defaultsMode, boolean paraphrases) {

    /**
     * What happened to one example. {@code answer} is null with --baseline-only or when Interpret failed;
     * {@code stageMicros} are the answer's stage timings, {@code failedReadings} its failed readings as
     * "stage STATUS: message [reading: text or SQL]".
     */
    public record Outcome(Example example, BenchDatabase db, ExampleScore baseline, ExampleScore overtone,
                          String failure, List<String> warnings, RankedAnswer answer, Map<String, Long> stageMicros,
                          List<String> failedReadings) {

        public Outcome(Example example, BenchDatabase db, ExampleScore baseline, ExampleScore overtone,
                       String failure, List<String> warnings) {
            this(example, db, baseline, overtone, failure, warnings, null, Map.of(), List.of());
        }
    }

    /**
     * What the answer said beyond its SQL, aligned with the predicted SQL list (ranked order).
     *
     * @param evidence one map per reading: the ranking's named features
     * @param parts    one list per reading: its analysis' slot values, which the ranking's diversity step compares
     */
    public record RankedAnswer(List<String> sqls, List<Double> probabilities, int shown, double ambiguityProbability,
                               String outcome, List<Map<String, Double>> evidence, List<List<String>> parts) {

        public RankedAnswer(List<String> sqls, List<Double> probabilities, int shown, double ambiguityProbability,
                            String outcome, List<Map<String, Double>> evidence) {
            this(sqls, probabilities, shown, ambiguityProbability, outcome, evidence,
                    evidence.stream().map(e -> List.<String>of()).toList());
        }

        static RankedAnswer of(InterpretResponse r) {
            List<String> sqls = new ArrayList<>();
            List<Double> probabilities = new ArrayList<>();
            List<Map<String, Double>> evidence = new ArrayList<>();
            List<List<String>> parts = new ArrayList<>();
            for (Interpretation i : r.getInterpretationsList()) {
                if (i.getSql().isEmpty()) {
                    continue;
                }
                sqls.add(i.getSql());
                probabilities.add(i.getProbability());
                Map<String, Double> e = new LinkedHashMap<>();
                i.getEvidenceList().forEach(ev -> e.put(ev.getName(), ev.getValue()));
                evidence.add(e);
                parts.add(i.getAnalysis().getSlotsList().stream().map(Slot::getValue).toList());
            }
            return new RankedAnswer(sqls, probabilities, r.getShownCount(), r.getAmbiguityProbability(), r.getOutcome().name(),
                    evidence, parts);
        }

        /** The reading index of a predicted SQL string (its first occurrence), or -1. */
        public int indexOf(String sql) {
            return sqls.indexOf(sql);
        }

        /**
         * The probability of each predicted SQL: a reading's own, and for a paraphrase (listed right after
         * its reading, {@code --with-paraphrases}) the probability of that reading.
         */
        public List<Double> probabilitiesOf(List<String> predicted) {
            List<Double> out = new ArrayList<>();
            double current = 0;
            for (String sql : predicted) {
                int reading = indexOf(sql);
                if (reading >= 0) current = probabilities.get(reading);
                out.add(current);
            }
            return out;
        }
    }

    /**
     * Runs it; {@code suiteOptions} null scores the baseline only. The readable summary goes to {@code summary} (stdout);
     * progress, repairs and how the suite was reached to {@code err}. Returns the exit status.
     */
    public int execute(SuiteOptions suiteOptions, PrintWriter summary, PrintWriter err) throws Exception {
        long started = System.nanoTime();
        Instant startedAt = Instant.now();
        PreparedDataset prepared = PreparedDataset.prepare(dataset.data, ex -> true, dataset.limit, home, err);
        List<Example> examples = prepared.examples();
        DatabaseCatalog catalog = prepared.catalog();
        List<String> repairs = prepared.repairs();
        Path tenantFile = prepared.tenantFile();

        Suite suite = suiteOptions == null ? null : suiteOptions.connect(false, err);
        List<Outcome> outcomes;
        try {
            outcomes = ParallelMap.map(examples, dataset.concurrency, suite == null ? "baseline" : "coverage", err,
                    ex -> runOne(ex, catalog.databaseOf(ex), suite));
        } finally {
            if (suite != null) {
                suite.close();
            }
        }

        CoverageSummary baseline = CoverageSummary.of(outcomes.stream()
                .map(o -> new CoverageSummary.Scored(o.example().type(), o.example().ambiguous(), o.baseline(), false))
                .toList());
        CoverageSummary overtone = suite == null ? null : CoverageSummary.of(outcomes.stream()
                .map(o -> new CoverageSummary.Scored(o.example().type(), o.example().ambiguous(), o.overtone(),
                        o.failure() != null))
                .toList());

        RankedSummary baselineRanked = RankedSummary.of(outcomes.stream()
                .map(o -> new RankedSummary.Ranked(o.example().ambiguous(), o.baseline(), o.baseline().nPredSql(),
                        o.baseline().uniqueResults()))
                .toList());
        RankedSummary overtoneRanked = suite == null ? null : RankedSummary.of(outcomes.stream()
                .map(o -> new RankedSummary.Ranked(o.example().ambiguous(), o.overtone(),
                        o.answer() == null ? 0 : o.answer().shown(), o.answer() == null ? 0 : o.answer().ambiguityProbability()))
                .toList());
        Map<String, Integer> failuresByStatus = new TreeMap<>();
        Map<String, String> failureSamples = new TreeMap<>();
        outcomes.stream().filter(o -> o.failure() != null).forEach(o -> {
            String status = o.failure().split(":", 2)[0];
            failuresByStatus.merge(status, 1, Integer::sum);
            failureSamples.putIfAbsent(status, o.failure());
        });
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("data", dataset.data.toAbsolutePath().normalize().toString());
        run.put("examples", examples.size());
        run.put("limit", dataset.limit);
        run.put("defaults", defaultsMode.label());
        run.put("infill", interpret.infill());
        run.put("paraphrases", paraphrases);
        run.put("families", interpret.families());
        run.put("interpreter", suiteOptions == null ? null : suiteOptions.interpreterEndpoint().toString());
        run.put("tenant", DatabaseCatalog.TENANT);
        run.put("tenant_file", tenantFile.toString());
        run.put("databases", catalog.databases().size());
        run.put("db_repairs", repairs);
        run.put("query_timeout_s", dataset.queryTimeout);
        run.put("identical_golds", identical == null ? "auto" : identical.name().toLowerCase());
        run.put("overtone_failures_by_status", failuresByStatus);
        run.put("overtone_failure_samples", failureSamples);
        run.put("started_at", startedAt.toString());
        run.put("duration_s", Math.round((System.nanoTime() - started) / 1e7) / 100.0);
        CoverageReport report = new CoverageReport(run, baseline, overtone, baselineRanked, overtoneRanked, outcomes,
                new LinkedHashSet<>(examples.stream().map(Example::type).toList()));
        report.write(out);
        summary.println(report.summaryText());
        summary.println("report: " + out.resolve("report.md"));
        boolean allUnavailable = suite != null && !outcomes.isEmpty()
                && failuresByStatus.getOrDefault(Status.Code.UNAVAILABLE.name(), 0) == outcomes.size();
        if (allUnavailable) {
            err.println("bench: every Interpret call failed with UNAVAILABLE, nothing was measured; first: "
                    + outcomes.get(0).failure());
            return 3;
        }
        return 0;
    }

    private Outcome runOne(Example ex, BenchDatabase db, Suite suite) throws Exception {
        ExampleScorer.IdenticalGolds mode = identical != null ? identical
                : ex.dbDump() != null ? ExampleScorer.IdenticalGolds.ZERO : ExampleScorer.IdenticalGolds.SCORE;
        List<String> predicted = List.of();
        String failure = null;
        List<String> warnings = List.of();
        RankedAnswer answer = null;
        Map<String, Long> stageMicros = new LinkedHashMap<>();
        List<String> failedReadings = new ArrayList<>();
        if (suite != null) {
            try {
                InterpretResponse r = suite.interpreter(deadlineMs).interpret(
                        InterpretRequests.forExample(ex, DatabaseCatalog.TENANT, db.name(), interpret.infill(), interpret.families(), defaultsMode));
                predicted = paraphrases ? InterpretRequests.sqlWithParaphrasesOf(r) : InterpretRequests.sqlOf(r);
                warnings = r.getWarningsList();
                answer = RankedAnswer.of(r);
                r.getTimingsList().forEach(t -> stageMicros.merge(StageNames.of(t), t.getMicros(), Long::sum));
                for (FailedReading f : r.getFailuresList()) {
                    String reading = f.getText().isBlank() ? f.getSql() : f.getText();
                    failedReadings.add(StageNames.of(f) + " " + StatusNames.of(f) + ": " + f.getMessage() + " [reading: "
                            + (reading.length() > 120 ? reading.substring(0, 120) + "…" : reading).replaceAll("\\s+", " ") + "]");
                }
            } catch (StatusRuntimeException e) {
                failure = e.getStatus().getCode().name() + ": " + e.getStatus().getDescription();
            }
        }
        try (Connection c = db.openReadOnly()) {
            QueryRunner runner = new QueryRunner(c, dataset.queryTimeout);
            ExampleScore base = ExampleScorer.score(ex.id(), ex.goldQueries(), ex.defaultSql(), runner, mode);
            ExampleScore ours = suite == null ? null
                    : ExampleScorer.score(ex.id(), ex.goldQueries(), predicted, runner, mode);
            return new Outcome(ex, db, base, ours, failure, warnings, answer, stageMicros, failedReadings);
        }
    }
}
