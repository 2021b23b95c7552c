package dev.overtone.interpreter.ranking;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The remembered choices in the ranking: agreeing readings first and raised, one distribution, the verdict with memory. */
class MemoryBoostTest {
    private final MemoryBoost boost = new MemoryBoost(19);

    @Test
    void theOneAgreeingReadingComesFirstRaisedAndTheAnswerIsNoLongerAmbiguous() {
        MemoryBoost.Boosted b = boost.apply(List.of(0.7, 0.3), List.of(false, true), 0.8, true).orElseThrow();

        assertThat(b.order()).containsExactly(1, 0);
        // 19:1 on even odds would give 0.3 * 19 / (0.3 * 19 + 0.7) = 0.89: lifted to the floor B/(B+1) = 0.95
        assertThat(b.probabilities().get(0)).isCloseTo(0.95, within(1e-12));
        assertThat(b.probabilities().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-12));
        assertThat(b.ambiguous()).isFalse();
        // what is left is the chance the memory does not hold
        assertThat(b.ambiguityProbability()).isCloseTo(0.8 * 0.05, within(1e-12)).isLessThan(RankingWeights.VERDICT_THRESHOLD);
        assertThat(b.shown()).isEqualTo(1);
    }

    /** A reading the ranking already preferred is raised by the likelihood ratio B itself: 0.6 * 19 / (0.6 * 19 + 0.4). */
    @Test
    void aLikelyRememberedReadingIsRaisedByTheRatio() {
        MemoryBoost.Boosted b = boost.apply(List.of(0.6, 0.4), List.of(true, false), 0.6, true).orElseThrow();

        assertThat(b.order()).containsExactly(0, 1);
        assertThat(b.probabilities().get(0)).isCloseTo(11.4 / 11.8, within(1e-12));
        assertThat(b.ambiguous()).isFalse();
    }

    @Test
    void anUnlikelyRememberedReadingStillHoldsAtLeastBOverBPlusOneAndIsShownAlone() {
        MemoryBoost.Boosted b = boost.apply(List.of(0.98, 0.01, 0.01), List.of(false, false, true), 0.99, true).orElseThrow();

        assertThat(b.order()).containsExactly(2, 0, 1);
        assertThat(b.probabilities().get(0)).isGreaterThanOrEqualTo(19.0 / 20 - 1e-12);
        assertThat(b.ambiguityProbability()).isLessThanOrEqualTo(1.0 / 20 + 1e-12);
        assertThat(b.shown()).isEqualTo(1);
    }

    /** Every agreeing reading is placed before every other, and the probabilities stay non-increasing in that order. */
    @Test
    void everyAgreeingReadingIsAboveEveryOtherAndSeveralAgreeingKeepTheVerdict() {
        MemoryBoost.Boosted b = boost.apply(List.of(0.6, 0.3, 0.0999, 0.0001), List.of(false, true, false, true), 0.7, true)
                .orElseThrow();

        assertThat(b.order()).containsExactly(1, 3, 0, 2);
        for (int k = 1; k < b.probabilities().size(); k++) {
            assertThat(b.probabilities().get(k)).isLessThanOrEqualTo(b.probabilities().get(k - 1));
        }
        assertThat(b.probabilities().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-12));
        // two readings agree: the memory decided one fork, not whatever else tells them apart
        assertThat(b.ambiguous()).isTrue();
        assertThat(b.ambiguityProbability()).isEqualTo(0.7);
        assertThat(b.shown()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aMemoryThatTellsNoReadingApartChangesNothing() {
        assertThat(boost.apply(List.of(0.6, 0.4), List.of(true, true), 0.9, true)).isEmpty();
        assertThat(boost.apply(List.of(0.6, 0.4), List.of(false, false), 0.9, true)).isEmpty();
    }

    @Test
    void aBoostBelowTwoIsRefusedAtStart() {
        assertThatThrownBy(() -> new MemoryBoost(1.5)).hasMessageContaining("overtone.interpreter.memory.boost");
    }
}
