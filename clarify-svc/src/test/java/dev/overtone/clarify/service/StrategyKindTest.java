package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StrategyKindTest {

    @Test
    void aLabelIsReadWhateverItsCaseSpacingOrUnderscores() {
        assertThat(StrategyKind.fromLabel(" EIG_FAST ")).isEqualTo(StrategyKind.EIG_FAST);
        assertThat(StrategyKind.fromLabel("max-prob")).isEqualTo(StrategyKind.MAX_PROB);
        for (StrategyKind k : StrategyKind.values()) {
            assertThat(StrategyKind.fromLabel(k.label())).isEqualTo(k);
        }
    }

    @Test
    void anUnknownLabelIsRefusedListingTheKnownOnes() {
        assertThatThrownBy(() -> StrategyKind.fromLabel("greedy")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown strategy 'greedy' (eig, eig-fast, ig-uniform, max-prob, random)");
    }
}
