package dev.overtone.bench.scoring;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Top-k full coverage: every gold of the list as given matched by the first k distinct predictions alone. */
class ExampleScoreTest {

    static Stream<Arguments> firstK() {
        return Stream.of(
                // predictions' matched golds, golds, gold problem, k, covered
                arguments(List.of(List.of(0), List.of(1)), 2, null, 2, 1.0),
                arguments(List.of(List.of(0), List.of(1)), 2, null, 1, 0.0),
                arguments(List.of(List.of(), List.of(0, 1)), 2, null, 2, 1.0),
                arguments(List.of(List.of(0), List.of(0)), 2, null, 5, 0.0),
                // k past the predictions counts those there are
                arguments(List.of(List.of(0, 1)), 2, null, 5, 1.0),
                // a gold problem, or no golds, scores 0 whatever matched
                arguments(List.of(List.of(0)), 1, "gold query failed", 1, 0.0),
                arguments(List.<List<Integer>>of(), 0, null, 1, 0.0));
    }

    @ParameterizedTest
    @MethodSource("firstK")
    void theFirstKPredictionsCoverWhenTogetherTheyMatchEveryGold(List<List<Integer>> predGolds, int nGold, String goldProblem,
                                                               int k, double covered) {
        List<String> sqls = predGolds.stream().map(g -> "SELECT " + g).toList();
        ExampleScore score = new ExampleScore("e1", 0, 0, 0, 0, 0, sqls, 0, sqls.size(), List.of(), List.of(), goldProblem,
                predGolds, nGold);
        assertThat(score.fullCoverageOfFirst(k)).isEqualTo(covered);
    }
}
