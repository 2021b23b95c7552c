package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Entropy arithmetic against hand-computed values. */
class InformationGainTest {
    private static final double EPS = 1e-3;

    /**
     * The paper's figure 4: four candidates (0.4, 0.2, 0.2, 0.2) for "List employees who joined after
     * 2020 in sales". X1 = output columns (* vs id,name), X2 = the date bound (> 2020-01-01 vs
     * ≥ 2021-01-01), X3 = the department (= sales vs IN (sales, marketing)).
     */
    @Test
    void figureFourOfThePaper() {
        double[] p = {0.4, 0.2, 0.2, 0.2};
        InformationGain ig = InformationGain.over(p);
        assertThat(ig.entropy()).isCloseTo(1.922, within(EPS));
        DecisionVariable x3 = Variables.of("x3", 0, 0, 0, 1);
        // H(Y|X3) = 0.8 · H(0.5, 0.25, 0.25) + 0.2 · 0 = 0.8 · 1.5 = 1.2 ; I = 1.922 − 1.2 = 0.722
        assertThat(ig.expectedGain(x3)).isCloseTo(0.722, within(EPS));
        assertThat(ig.entropy() - ig.expectedGain(x3)).isCloseTo(1.2, within(EPS));
        DecisionVariable x1 = Variables.of("x1", 0, 1, 0, 1);
        DecisionVariable x2 = Variables.of("x2", 0, 0, 1, 1);
        // both split 0.6 / 0.4: H = 0.971
        assertThat(ig.expectedGain(x1)).isCloseTo(0.971, within(EPS));
        assertThat(ig.expectedGain(x2)).isCloseTo(0.971, within(EPS));
        QuestionStrategy.Choice c = new QuestionStrategy.ExactGain()
                .choose(java.util.List.of(x3, x1, x2), java.util.List.of(0, 1, 2), p, 0, 1);
        assertThat(c.variable()).isEqualTo(1); // x1: the first of the two 0.971 ties, not x3
    }

    @Test
    void handComputedCases() {
        // uniform over 4, a variable halving them: exactly one bit
        double[] uniform = {0.25, 0.25, 0.25, 0.25};
        assertThat(InformationGain.over(uniform).entropy()).isCloseTo(2.0, within(1e-12));
        assertThat(InformationGain.over(uniform).expectedGain(Variables.of("v", 0, 0, 1, 1))).isCloseTo(1.0, within(1e-12));
        // a variable that tells every candidate apart removes all uncertainty
        assertThat(InformationGain.over(uniform).expectedGain(Variables.of("v", 0, 1, 2, 3))).isCloseTo(2.0, within(1e-12));
        // a variable every candidate agrees on gains nothing
        assertThat(InformationGain.over(uniform).expectedGain(Variables.of("v", 0, 0, 0, 0))).isCloseTo(0.0, within(1e-12));
        // (0.5, 0.5) vs (0.9, 0.1) split: H(0.9, 0.1) = 0.469
        assertThat(InformationGain.over(new double[] {0.9, 0.1}).expectedGain(Variables.of("v", 0, 1))).isCloseTo(0.469, within(EPS));
        // eliminated readings (p = 0) count for nothing; weights are normalised
        assertThat(InformationGain.over(new double[] {2, 0, 2}).entropy()).isCloseTo(1.0, within(1e-12));
        // I(X;Y) = H(X) when X is a function of Y
        InformationGain ig = InformationGain.over(new double[] {0.5, 0.3, 0.2});
        assertThat(ig.expectedGain(new int[] {0, 1, 1}, 2)).isCloseTo(ig.valueEntropy(new int[] {0, 1, 1}, 2), within(1e-12));
        assertThat(InformationGain.entropyOf(0.5, 0.25, 0.25)).isCloseTo(1.5, within(1e-12));
    }
}
