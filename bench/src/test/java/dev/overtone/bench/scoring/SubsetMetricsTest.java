package dev.overtone.bench.scoring;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A subset's figures: the paper's four metrics as mean percent, the counts as counts. */
class SubsetMetricsTest {

    private static ExampleScore score(double full, double recall, int readings, int predErrors, String goldProblem) {
        List<String> sqls = java.util.stream.IntStream.range(0, readings).mapToObj(i -> "SELECT " + i).toList();
        return new ExampleScore("e", full, full, recall, 0.5, 0.25, sqls, predErrors, readings, List.of(), List.of(), goldProblem);
    }

    @Test
    void meansAreTakenOverTheExamplesAndTheCoveragesWrittenInPercent() {
        SubsetMetrics m = SubsetMetrics.of(List.of(score(1, 1.0, 3, 0, null), score(0, 0.5, 1, 1, null),
                score(0, 0.0, 2, 2, "gold query failed")), List.of(false, true, false));

        assertThat(m.n()).isEqualTo(3);
        assertThat(m.fullCoverage()).isCloseTo(100.0 / 3, within(1e-9));
        assertThat(m.recall()).isCloseTo(50.0, within(1e-9));
        assertThat(m.precision()).isCloseTo(50.0, within(1e-9));
        assertThat(m.meanReadings()).isCloseTo(2.0, within(1e-9));
        assertThat(m.predErrors()).isCloseTo(1.0, within(1e-9));
        assertThat(m.failures()).isEqualTo(1);
        assertThat(m.goldProblems()).isEqualTo(1);
    }

    @Test
    void anEmptySubsetHasZerosNotNaN() {
        SubsetMetrics m = SubsetMetrics.of(List.of(), List.of());

        assertThat(m.fullCoverage()).isZero();
        assertThat(m.meanReadings()).isZero();
        assertThat(m.toJson()).containsEntry("n", 0).containsEntry("f1", 0.0);
    }

    @Test
    void theReportRoundsToFourDecimals() {
        Map<String, Object> json = SubsetMetrics.of(List.of(score(1, 1.0, 1, 0, null), score(0, 0.0, 1, 0, null),
                score(0, 0.0, 1, 0, null)), List.of(false, false, false)).toJson();

        assertThat(json).containsEntry("full_coverage", 33.3333).containsEntry("mean_readings", 1.0)
                .containsEntry("gold_problems", 0);
    }
}
