package dev.overtone.bench.clarify;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.ParallelMap;
import dev.overtone.bench.SuiteOptions;
import dev.overtone.bench.client.InterpretRequests;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.DatabaseCatalog;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.bench.dataset.PreparedDataset;
import dev.overtone.bench.scoring.ResultMatch;
import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.StartRequest;
import io.grpc.StatusRuntimeException;

/**
 * One clarify run: for every ambiguous example, Interpret once, then for each distinct gold (the
 * simulated user's intent) and each strategy play a dialogue on clarify-svc.
 */
public record ClarifyRun(ExampleOptions dataset, InterpretChoices interpret, Path out, SimulatedUser.Kind user,
                         List<StrategyName> strategies, long seed, Integer maxTurns, Double threshold) {

    /** One dialogue's record. */
    public record Trial(String id, int gold, StrategyName strategy, boolean reachable, Dialogue.Result result) {
    }

    /**
     * Runs it: the readable summary goes to {@code summary} (stdout); progress, repairs and how the suite was reached to
     * {@code err}.
     */
    public int execute(SuiteOptions suiteOptions, PrintWriter summary, PrintWriter err) throws Exception {
        long started = System.nanoTime();
        Instant startedAt = Instant.now();
        PreparedDataset prepared = PreparedDataset.prepare(dataset.data, Example::ambiguous, dataset.limit, suiteOptions.home(),
                err);
        List<Trial> trials = new ArrayList<>();
        try (Suite suite = suiteOptions.connect(true, err)) {
            String label = "clarify " + user.name().toLowerCase();
            for (List<Trial> ts : ParallelMap.map(prepared.examples(), dataset.concurrency, label, err,
                    ex -> runExample(ex, prepared.catalog().databaseOf(ex), suite, suiteOptions.deadlineMs()))) {
                trials.addAll(ts);
            }
        }
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("data", dataset.data.toAbsolutePath().normalize().toString());
        run.put("examples", prepared.examples().size());
        run.put("dialogues_per_strategy", trials.size() / Math.max(1, strategies.size()));
        run.put("infill", interpret.infill());
        run.put("families", interpret.families());
        run.put("seed", seed);
        run.put("max_turns", maxTurns);
        run.put("threshold", threshold);
        run.put("interpreter", suiteOptions.interpreterEndpoint().toString());
        run.put("clarify", suiteOptions.clarifyEndpoint().toString());
        run.put("db_repairs", prepared.repairs());
        run.put("started_at", startedAt.toString());
        run.put("duration_s", Math.round((System.nanoTime() - started) / 1e7) / 100.0);
        ClarifyReport report = new ClarifyReport(user, strategies, trials, run);
        report.write(out);
        summary.println(report.summaryText());
        summary.println("report: " + out.resolve("report.md"));
        return 0;
    }

    private List<Trial> runExample(Example ex, BenchDatabase db, Suite suite, long deadlineMs) throws Exception {
        List<String> golds = new ArrayList<>(new LinkedHashSet<>(ex.goldQueries()));
        List<Trial> trials = new ArrayList<>();
        InterpretResponse answer;
        try {
            answer = suite.interpreter(deadlineMs).interpret(
                    InterpretRequests.forExample(ex, DatabaseCatalog.TENANT, db.name(), interpret.infill(), interpret.families()));
        } catch (StatusRuntimeException e) {
            String error = "Interpret " + e.getStatus().getCode() + ": " + e.getStatus().getDescription();
            for (int g = 0; g < golds.size(); g++) {
                for (StrategyName s : strategies) {
                    trials.add(new Trial(ex.id(), g, s, false, new Dialogue.Result(false, 0, null, error)));
                }
            }
            return trials;
        }
        StartRequest.Builder start = StartRequest.newBuilder().setQuestion(ex.question() == null ? "" : ex.question());
        for (Interpretation i : answer.getInterpretationsList()) {
            Candidate.Builder c = Candidate.newBuilder().setId(i.getId()).setSql(i.getSql()).setText(i.getText())
                    .setFingerprint(i.getFingerprint());
            if (i.getProbability() > 0) {
                c.setProbability(i.getProbability());
            }
            start.addCandidates(c);
        }
        try (Connection conn = db.openReadOnly()) {
            QueryRunner runner = new QueryRunner(conn, dataset.queryTimeout);
            Map<String, List<List<Object>>> candidateRows = new LinkedHashMap<>();
            for (Interpretation i : answer.getInterpretationsList()) {
                candidateRows.put(i.getId(), rowsOrNull(runner, i.getSql()));
            }
            for (int g = 0; g < golds.size(); g++) {
                String gold = golds.get(g);
                List<List<Object>> goldRows = rowsOrNull(runner, gold);
                if (goldRows == null) {
                    continue;
                }
                boolean ordered = ResultMatch.hasOrderBy(gold);
                Set<String> intended = new LinkedHashSet<>();
                candidateRows.forEach((id, rows) -> {
                    if (rows != null && ResultMatch.matches(rows, goldRows, ordered)) {
                        intended.add(id);
                    }
                });
                for (StrategyName s : strategies) {
                    ClarifyOptions.Builder o = ClarifyOptions.newBuilder().setStrategy(s.proto()).setSeed(seed);
                    if (maxTurns != null) {
                        o.setMaxTurns(maxTurns);
                    }
                    if (threshold != null) {
                        o.setConfidenceThreshold(threshold);
                    }
                    StartRequest req = start.clone().setOptions(o).build();
                    Dialogue.Result r = new Dialogue(() -> suite.clarify(deadlineMs), req, user, intended, sql -> {
                        List<List<Object>> rows = rowsOrNull(runner, sql);
                        return rows != null && ResultMatch.matches(rows, goldRows, ordered);
                    }).play();
                    trials.add(new Trial(ex.id(), g, s, !intended.isEmpty(), r));
                }
            }
        }
        return trials;
    }

    private static List<List<Object>> rowsOrNull(QueryRunner runner, String sql) {
        try {
            return runner.run(sql);
        } catch (QueryRunner.QueryException e) {
            return null;
        }
    }
}
