package dev.overtone.bench.clarify;

import dev.overtone.proto.v1.Strategy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StrategyNameTest {

    @Test
    void eachCommandLineNameIsItsStrategyInAnyCase() {
        assertThat(StrategyName.parse("eig").proto()).isEqualTo(Strategy.STRATEGY_EIG);
        assertThat(StrategyName.parse(" EIG-Fast ").proto()).isEqualTo(Strategy.STRATEGY_EIG_FAST);
        assertThat(StrategyName.parse("ig-uniform").proto()).isEqualTo(Strategy.STRATEGY_IG_UNIFORM);
        assertThat(StrategyName.parse("max-prob").proto()).isEqualTo(Strategy.STRATEGY_MAX_PROB);
        assertThat(StrategyName.parse("random").proto()).isEqualTo(Strategy.STRATEGY_RANDOM);
        assertThat(StrategyName.MAX_PROB.cli()).isEqualTo("max-prob");
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> StrategyName.parse("eig_fast")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown strategy 'eig_fast': use eig, eig-fast, ig-uniform, max-prob, random");
    }
}
