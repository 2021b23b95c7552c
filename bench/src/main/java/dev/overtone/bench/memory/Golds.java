package dev.overtone.bench.memory;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.overtone.bench.scoring.ResultMatch;
import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;

/**
 * Which readings of an answer return a gold's result, by the reference scorer's rule, on one database; each SQL is run
 * once (results kept per SQL text).
 */
final class Golds {
    private final QueryRunner runner;
    private final Map<String, List<List<Object>>> results = new HashMap<>();

    Golds(QueryRunner runner) {
        this.runner = runner;
    }

    /** Whether {@code sql} returns {@code gold}'s result (false when either fails). */
    boolean matches(String sql, String gold) {
        List<List<Object>> goldRows = rows(gold);
        List<List<Object>> rows = rows(sql);
        return goldRows != null && rows != null && ResultMatch.matches(rows, goldRows, ResultMatch.hasOrderBy(gold));
    }

    /** The ids of the answer's readings that return {@code gold}'s result. */
    Set<String> readingsOf(InterpretResponse answer, String gold) {
        Set<String> ids = new LinkedHashSet<>();
        for (Interpretation i : answer.getInterpretationsList()) {
            if (matches(i.getSql(), gold)) {
                ids.add(i.getId());
            }
        }
        return ids;
    }

    /** Whether the answer's first reading returns {@code gold}'s result. */
    boolean first(InterpretResponse answer, String gold) {
        return answer.getInterpretationsCount() > 0 && matches(answer.getInterpretations(0).getSql(), gold);
    }

    /** Whether one of the readings the compact answer shows returns {@code gold}'s result. */
    boolean shown(InterpretResponse answer, String gold) {
        int shown = Math.min(answer.getShownCount(), answer.getInterpretationsCount());
        for (int k = 0; k < shown; k++) {
            if (matches(answer.getInterpretations(k).getSql(), gold)) {
                return true;
            }
        }
        return false;
    }

    private List<List<Object>> rows(String sql) {
        if (!results.containsKey(sql)) {
            List<List<Object>> rows;
            try {
                rows = runner.run(sql);
            } catch (QueryRunner.QueryException e) {
                rows = null;
            }
            results.put(sql, rows);
        }
        return results.get(sql);
    }
}
