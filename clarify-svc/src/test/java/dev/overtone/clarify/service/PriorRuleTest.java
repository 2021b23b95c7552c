package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PriorRuleTest {

    @Test
    void missingPriors() {
        assertThat(PriorRule.UNIFORM.priors(Arrays.asList(null, null, null, null))).containsExactly(new double[] {0.25, 0.25, 0.25, 0.25}, within(1e-12));
        // 1/rank: 1, 1/2, 1/3 normalised by 11/6
        assertThat(PriorRule.RANK.priors(Arrays.asList(null, null, null))).containsExactly(new double[] {6 / 11.0, 3 / 11.0, 2 / 11.0}, within(1e-12));
        // given ones kept, the missing share what is left
        assertThat(PriorRule.UNIFORM.priors(Arrays.asList(0.5, null, null))).containsExactly(new double[] {0.5, 0.25, 0.25}, within(1e-12));
        // given ones over 1: normalised; the missing one gets the smallest given value first
        assertThat(PriorRule.UNIFORM.priors(Arrays.asList(2.0, 1.0, null))).containsExactly(new double[] {0.5, 0.25, 0.25}, within(1e-12));
        assertThat(PriorRule.UNIFORM.priors(Arrays.asList(0.0, 0.0))).containsExactly(new double[] {0.5, 0.5}, within(1e-12));
    }
}
