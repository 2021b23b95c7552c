package dev.overtone.bench.scoring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Means over a set of examples, in percent (0-100) for the four paper metrics.
 *
 * @param meanReadings  distinct predicted SQL strings per example
 * @param failures      examples whose prediction could not be obtained (Interpret failed)
 * @param predErrors    predicted SQL strings that failed to execute, per example
 * @param goldProblems  examples that score 0 because of their golds
 */
public record SubsetMetrics(int n, double fullCoverage, double singleCoverage, double recall, double precision,
                            double f1, double meanReadings, double meanUniqueResults, int failures,
                            double predErrors, int goldProblems) {

    public static SubsetMetrics of(List<ExampleScore> scores, List<Boolean> failed) {
        int n = scores.size();
        int failures = 0;
        for (Boolean f : failed) {
            failures += f ? 1 : 0;
        }
        return new SubsetMetrics(n,
                pct(scores, ExampleScore::fullCoverage), pct(scores, ExampleScore::singleCoverage),
                pct(scores, ExampleScore::recall), pct(scores, ExampleScore::precision), pct(scores, ExampleScore::f1),
                mean(scores, ExampleScore::nPredSql), mean(scores, ExampleScore::uniqueResults), failures,
                mean(scores, ExampleScore::predErrors),
                (int) scores.stream().filter(s -> s.goldProblem() != null).count());
    }

    private static double mean(List<ExampleScore> scores, ToDoubleFunction<ExampleScore> f) {
        if (scores.isEmpty()) {
            return 0.0;
        }
        double sum = 0;
        for (ExampleScore s : scores) {
            sum += f.applyAsDouble(s);
        }
        return sum / scores.size();
    }

    private static double pct(List<ExampleScore> scores, ToDoubleFunction<ExampleScore> f) {
        return 100.0 * mean(scores, f);
    }

    /** The report.json shape of one subset (without by_type). */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("full_coverage", round(fullCoverage));
        m.put("single_coverage", round(singleCoverage));
        m.put("recall", round(recall));
        m.put("precision", round(precision));
        m.put("f1", round(f1));
        m.put("n", n);
        m.put("mean_readings", round(meanReadings));
        m.put("mean_unique_results", round(meanUniqueResults));
        m.put("failures", failures);
        m.put("mean_pred_errors", round(predErrors));
        m.put("gold_problems", goldProblems);
        return m;
    }

    static double round(double v) {
        return Math.round(v * 1e4) / 1e4;
    }
}
