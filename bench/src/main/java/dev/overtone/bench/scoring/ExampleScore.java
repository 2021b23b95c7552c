package dev.overtone.bench.scoring;

import java.util.List;

/**
 * The reference scorer's per-example metrics (each 0 or 1 for the coverages, a fraction otherwise).
 *
 * @param predictedSql  distinct predicted SQL strings, in order
 * @param predErrors    how many of them failed to execute
 * @param goldProblem   why the example scores 0 regardless (gold query failed, identical gold results), or null
 * @param predGolds     for each distinct predicted SQL, the indexes of the distinct golds it matches
 * @param nGold         the recall denominator (the gold list as given)
 */
public record ExampleScore(String id, double fullCoverage, double singleCoverage, double recall, double precision,
                           double f1, List<String> predictedSql, int predErrors, int uniqueResults,
                           List<Boolean> goldMatched, List<Boolean> predMatched, String goldProblem,
                           List<List<Integer>> predGolds, int nGold) {

    /** A score without the per-prediction gold matches (top-k coverage then counts as 0). */
    public ExampleScore(String id, double fullCoverage, double singleCoverage, double recall, double precision,
                        double f1, List<String> predictedSql, int predErrors, int uniqueResults,
                        List<Boolean> goldMatched, List<Boolean> predMatched, String goldProblem) {
        this(id, fullCoverage, singleCoverage, recall, precision, f1, predictedSql, predErrors, uniqueResults,
                goldMatched, predMatched, goldProblem, List.of(), goldMatched.size());
    }

    /**
     * Full coverage by the first {@code k} distinct predicted SQL strings alone (the reference rule: every
     * gold of the list as given matched; an example with a gold problem scores 0).
     */
    public double fullCoverageOfFirst(int k) {
        if (goldProblem != null || nGold == 0) {
            return 0.0;
        }
        java.util.Set<Integer> hit = new java.util.HashSet<>();
        for (int i = 0; i < Math.min(k, predGolds.size()); i++) {
            hit.addAll(predGolds.get(i));
        }
        return hit.size() == nGold ? 1.0 : 0.0;
    }

    public int nPredSql() {
        return predictedSql.size();
    }
}
