package dev.overtone.bench.clarify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClarifyReportTest {

    @Test
    void aStrategysMetricsCountAccuracyQuestionsReachabilityAndErrors() {
        ClarifyReport.StrategyMetrics m = ClarifyReport.StrategyMetrics.of(List.of(
                trial(StrategyName.EIG, true, true, 0, null),
                trial(StrategyName.EIG, true, true, 2, null),
                trial(StrategyName.EIG, false, false, 1, null),
                trial(StrategyName.EIG, false, true, 0, "UNAVAILABLE: clarify-svc")));

        assertThat(m.n()).isEqualTo(4);
        assertThat(m.accuracy()).isEqualTo(50.0);
        assertThat(m.meanQuestions()).isEqualTo(0.75);
        assertThat(m.maxQuestions()).isEqualTo(2);
        assertThat(m.resolvedWithoutQuestion()).as("an error is not a resolution").isEqualTo(25.0);
        assertThat(m.reachable()).isEqualTo(3);
        assertThat(m.accuracyReachable()).isCloseTo(200.0 / 3, within(1e-9));
        assertThat(m.errors()).isEqualTo(1);
    }

    @Test
    void noTrialsIsZerosNotNaN() {
        ClarifyReport.StrategyMetrics m = ClarifyReport.StrategyMetrics.of(List.of());

        assertThat(m.accuracy()).isZero();
        assertThat(m.meanQuestions()).isZero();
        assertThat(m.accuracyReachable()).isZero();
    }

    @Test
    void aHelpfulUsersGoalsAreJudgedAndEigIsComparedWithTheBaselines() {
        ClarifyReport report = new ClarifyReport(SimulatedUser.Kind.HELPFUL, List.of(StrategyName.EIG, StrategyName.RANDOM, StrategyName.MAX_PROB),
                List.of(trial(StrategyName.EIG, true, true, 1, null), trial(StrategyName.EIG, true, true, 1, null),
                        trial(StrategyName.RANDOM, true, true, 3, null), trial(StrategyName.RANDOM, false, true, 2, null),
                        trial(StrategyName.MAX_PROB, true, true, 1, null), trial(StrategyName.MAX_PROB, true, true, 0, null)),
                Map.of("data", "dev.jsonl", "examples", 2));

        assertThat(report.goals())
                .contains("- EIG accuracy ≥ 90 %: met")
                .contains("- EIG mean questions ≤ 1.5: met")
                .contains("- EIG ahead of random: met")
                .contains("- EIG ahead of max-prob: **missed** — EIG 100.0 % / 1.00 q vs 100.0 % / 0.50 q");
        assertThat(report.markdown()).contains("| eig | 2 | 100.0 | 1.00 | 1 | 0.0 | 2 | 100.0 | 0 |");
    }

    @Test
    void anotherUserIsOnlyComparedAndWithoutEigThereAreNoGoals() {
        List<ClarifyRun.Trial> trials = List.of(trial(StrategyName.EIG, false, true, 3, null), trial(StrategyName.RANDOM, false, true, 1, null));

        assertThat(new ClarifyReport(SimulatedUser.Kind.UNHELPFUL, List.of(StrategyName.EIG, StrategyName.RANDOM), trials, Map.of()).goals())
                .doesNotContain("≥ 90").contains("- EIG ahead of random: **missed**");
        assertThat(new ClarifyReport(SimulatedUser.Kind.HELPFUL, List.of(StrategyName.RANDOM), trials, Map.of()).goals()).isEmpty();
    }

    private static ClarifyRun.Trial trial(StrategyName strategy, boolean accurate, boolean reachable, int questions, String error) {
        return new ClarifyRun.Trial("ex", 0, strategy, reachable, new Dialogue.Result(accurate, questions, "SELECT 1", error));
    }
}
