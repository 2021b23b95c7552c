package dev.overtone.interpreter.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The fitted constants hold together: every verdict input weighed, in one fixed order, within their ranges. */
class RankingWeightsTest {

    /** A verdict input without a weight would count as 0 without a word: the fit must give each one. */
    @Test
    void everyVerdictFeatureHasAWeight() {
        assertThat(RankingWeights.VERDICT_WEIGHTS.keySet()).containsExactly(VerdictFeature.values());
    }

    /** A score sums the weights in the features' declared order, so it is the same to the last bit in every run. */
    @Test
    void theReadingWeightsAreKeptInTheFeaturesOrderAndCannotBeChanged() {
        List<Feature> keys = List.copyOf(RankingWeights.READING_WEIGHTS.keySet());
        assertThat(keys).isSortedAccordingTo(Enum::compareTo);
        assertThat(Arrays.asList(Feature.values())).containsAll(keys);
        assertThatThrownBy(() -> RankingWeights.READING_WEIGHTS.put(Feature.JOINS, 1.0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> RankingWeights.VERDICT_WEIGHTS.remove(VerdictFeature.PIVOTS)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void probabilitiesAndMassesAreProbabilitiesAndTheCutShowsTwoToFour() {
        assertThat(RankingWeights.VERDICT_THRESHOLD).isStrictlyBetween(0.0, 1.0);
        assertThat(RankingWeights.SHOW_WIDE_THRESHOLD).isStrictlyBetween(0.0, RankingWeights.VERDICT_THRESHOLD);
        assertThat(RankingWeights.SHOW_MASS_ANSWERABLE).isStrictlyBetween(0.0, RankingWeights.SHOW_MASS_AMBIGUOUS);
        assertThat(RankingWeights.SHOW_MASS_AMBIGUOUS).isBetween(0.0, 1.0);
        assertThat(RankingWeights.PROBABILITY_SHARPNESS).isPositive();
        assertThat(RankingWeights.DIVERSITY_PENALTY).isNotNegative();
        assertThat(RankingWeights.MAX_SHOWN).isEqualTo(4);
    }
}
