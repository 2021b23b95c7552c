package dev.overtone.bench.scoring;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.bench.sqlite.QueryRunner.QueryException;

/**
 * Scores one example's predictions against its golds, as {@code ambrosia_eval.evaluate_example}
 * (and {@code db_eval.evaluate_example}) do: predicted SQL de-duplicated by exact text, golds
 * executed once per distinct text, recall over the gold list as given.
 */
public final class ExampleScorer {

    /** How an example whose gold queries return identical results is scored. */
    public enum IdenticalGolds {
        /** It scores 0 (ambrosia_eval, for sets with dumps). */
        ZERO,
        /** It is scored like any other (db_eval's default, for sets with database files). */
        SCORE
    }

    private ExampleScorer() {
    }

    public static ExampleScore score(String id, List<String> goldQueries, List<String> predictions,
                                     QueryRunner runner, IdenticalGolds identical) {
        int nGold = goldQueries.size();
        List<String> golds = new ArrayList<>(new LinkedHashSet<>(goldQueries));
        List<List<List<Object>>> goldResults = new ArrayList<>();
        String problem = null;
        for (String g : golds) {
            try {
                goldResults.add(runner.run(g));
            } catch (QueryException e) {
                problem = "gold query failed: " + e.getMessage();
                break;
            }
        }
        if (problem == null && identical == IdenticalGolds.ZERO) {
            Set<List<List<Object>>> seen = new HashSet<>();
            for (List<List<Object>> r : goldResults) {
                if (!seen.add(r)) {
                    problem = "two gold queries give identical results";
                }
            }
        }
        List<String> preds = new ArrayList<>(new LinkedHashSet<>(predictions.stream()
                .filter(s -> s != null).toList()));
        Map<String, List<List<Object>>> predResults = new LinkedHashMap<>();
        int errors = 0;
        for (String s : preds) {
            try {
                predResults.put(s, runner.run(s));
            } catch (QueryException e) {
                predResults.put(s, null);
                errors++;
            }
        }
        int unique = countUniqueResults(preds, predResults);
        if (problem != null) {
            return new ExampleScore(id, 0, 0, 0, 0, 0, preds, errors, unique,
                    Collections.nCopies(golds.size(), false), Collections.nCopies(preds.size(), false), problem,
                    Collections.nCopies(preds.size(), List.of()), nGold);
        }
        List<Boolean> goldHit = new ArrayList<>(Collections.nCopies(golds.size(), false));
        List<Boolean> predHit = new ArrayList<>(Collections.nCopies(preds.size(), false));
        List<List<Integer>> predGolds = new ArrayList<>();
        for (int i = 0; i < preds.size(); i++) {
            List<List<Object>> rows = predResults.get(preds.get(i));
            List<Integer> matched = new ArrayList<>();
            predGolds.add(matched);
            if (rows == null) {
                continue;
            }
            for (int j = 0; j < golds.size(); j++) {
                if (ResultMatch.matches(rows, goldResults.get(j), ResultMatch.hasOrderBy(golds.get(j)))) {
                    goldHit.set(j, true);
                    predHit.set(i, true);
                    matched.add(j);
                }
            }
        }
        long nHit = goldHit.stream().filter(b -> b).count();
        double recall = nGold > 0 ? (double) nHit / nGold : 0.0;
        double precision = preds.isEmpty() ? 0.0 : (double) predHit.stream().filter(b -> b).count() / preds.size();
        double f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
        return new ExampleScore(id, nGold > 0 && nHit == nGold ? 1.0 : 0.0, nHit > 0 ? 1.0 : 0.0, recall, precision,
                f1, preds, errors, unique, goldHit, predHit, null, predGolds, nGold);
    }

    /** Distinct predicted results (greedy grouping; all failures one group, all empty results one group). */
    static int countUniqueResults(List<String> preds, Map<String, List<List<Object>>> results) {
        List<String> repSql = new ArrayList<>();
        List<List<List<Object>>> repRows = new ArrayList<>();
        boolean errors = false;
        boolean empty = false;
        for (String sql : preds) {
            List<List<Object>> rows = results.get(sql);
            if (rows == null) {
                errors = true;
                continue;
            }
            if (rows.isEmpty()) {
                empty = true;
                continue;
            }
            boolean found = false;
            for (int k = 0; k < repSql.size(); k++) {
                boolean ordered = ResultMatch.hasOrderBy(sql) || ResultMatch.hasOrderBy(repSql.get(k));
                if (ResultMatch.matches(rows, repRows.get(k), ordered)) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                repSql.add(sql);
                repRows.add(rows);
            }
        }
        return repSql.size() + (errors ? 1 : 0) + (empty ? 1 : 0);
    }
}
