package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionStrategyTest {

    /**
     * Where eig-fast and exact EIG disagree: A (0.4) differs from B and C (0.3 each) on x1; B and C
     * differ on x2 as well as A does. Exact: I(x1) = H(0.4, 0.6) = 0.971, I(x2) = H(0.4, 0.3, 0.3)
     * = 1.571 → x2. The fast path follows A: x1 (reach 1, H 0.971), then only A is left on the path,
     * so x2 never splits there → x1.
     */
    @Test
    void fastPathDisagreesWithExactWhenTheBestForkIsOffTheTopReadingsPath() {
        List<DecisionVariable> vars = List.of(Variables.of("x1", 0, 1, 1), Variables.of("x2", 0, 1, 2));
        double[] p = {0.4, 0.3, 0.3};
        QuestionStrategy.Choice exact = QuestionStrategy.of(StrategyKind.EIG).choose(vars, List.of(0, 1), p, 0, 1);
        QuestionStrategy.Choice fast = QuestionStrategy.of(StrategyKind.EIG_FAST).choose(vars, List.of(0, 1), p, 0, 1);
        assertThat(exact.variable()).isEqualTo(1);
        assertThat(exact.gain()).isCloseTo(1.571, within(1e-3));
        assertThat(fast.variable()).isEqualTo(0);
        assertThat(fast.gain()).isCloseTo(0.971, within(1e-3));
    }

    @Test
    void fastPathAgreesOnFigureFour() {
        List<DecisionVariable> vars = List.of(Variables.of("x1", 0, 1, 0, 1), Variables.of("x2", 0, 0, 1, 1), Variables.of("x3", 0, 0, 0, 1));
        double[] p = {0.4, 0.2, 0.2, 0.2};
        QuestionStrategy.Choice fast = QuestionStrategy.of(StrategyKind.EIG_FAST).choose(vars, List.of(0, 1, 2), p, 0, 1);
        assertThat(fast.variable()).isEqualTo(0);
        assertThat(fast.gain()).isCloseTo(0.971, within(1e-3));
    }

    @Test
    void uniformGainIgnoresTheDistribution() {
        // exact: x1 splits 0.7/0.3 (0.881) beats x2 0.8/0.2 (0.722); uniform: x1 0.811 < x2 1.0
        List<DecisionVariable> vars = List.of(Variables.of("x1", 0, 1, 1, 1), Variables.of("x2", 0, 0, 1, 1));
        double[] p = {0.7, 0.1, 0.1, 0.1};
        assertThat(QuestionStrategy.of(StrategyKind.IG_UNIFORM).choose(vars, List.of(0, 1), p, 0, 1).variable()).isEqualTo(1);
        assertThat(QuestionStrategy.of(StrategyKind.EIG).choose(vars, List.of(0, 1), p, 0, 1).variable()).isEqualTo(0);
    }

    @Test
    void maxProbabilityAsksTheForkBetweenTheTwoMostLikely() {
        List<DecisionVariable> vars = List.of(Variables.of("x1", 0, 0, 1), Variables.of("x2", 0, 1, 1));
        double[] p = {0.5, 0.3, 0.2};
        assertThat(QuestionStrategy.of(StrategyKind.MAX_PROB).choose(vars, List.of(0, 1), p, 0, 1).variable()).isEqualTo(1);
    }

    @Test
    void randomIsSeeded() {
        List<DecisionVariable> vars = List.of(Variables.of("a", 0, 1), Variables.of("b", 1, 0), Variables.of("c", 0, 1));
        double[] p = {0.5, 0.5};
        QuestionStrategy r = QuestionStrategy.of(StrategyKind.RANDOM);
        int first = r.choose(vars, List.of(0, 1, 2), p, 7, 3).variable();
        for (int i = 0; i < 5; i++) {
            assertThat(r.choose(vars, List.of(0, 1, 2), p, 7, 3).variable()).isEqualTo(first);
        }
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            seen.add(r.choose(vars, List.of(0, 1, 2), p, seed, 1).variable());
        }
        assertThat(seen).containsExactlyInAnyOrder(0, 1, 2);
    }
}
