package dev.overtone.bench.scoring;

import java.util.List;

/**
 * The reference scorer's per-example metrics (each 0 or 1 for the coverages, a fraction otherwise).
 *
 * @param predictedSql  distinct predicted SQL strings, in order
 * @param predErrors    how many of them failed to execute
 * @param goldProblem   why the example scores 0 regardless (gold query failed, identical gold results), or null
 */
public record ExampleScore(String id, double fullCoverage, double singleCoverage, double recall, double precision,
                           double f1, List<String> predictedSql, int predErrors, int uniqueResults,
                           List<Boolean> goldMatched, List<Boolean> predMatched, String goldProblem) {

    public int nPredSql() {
        return predictedSql.size();
    }
}
