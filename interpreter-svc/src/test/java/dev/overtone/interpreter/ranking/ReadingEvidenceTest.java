package dev.overtone.interpreter.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ReadingEvidenceTest {

    @Test
    void aFeatureNotMeasuredWeighsZeroAndTheValuesAreTheReadingsOwnCopy() {
        Map<Feature, Double> values = new HashMap<>(Map.of(Feature.JOINS, 2.0));
        ReadingEvidence evidence = new ReadingEvidence(values, Set.of("hotels.name"));
        values.put(Feature.JOINS, 9.0);

        assertThat(evidence.get(Feature.JOINS)).isEqualTo(2.0);
        assertThat(evidence.get(Feature.EMPTY_RESULT)).isZero();
    }

    /** An EnumMap: a score sums the weights over the values in the enum's order, the same in every run. */
    @Test
    void theValuesAreKeptInTheFeaturesOrder() {
        Map<Feature, Double> values = new HashMap<>();
        values.put(Feature.RESULT_COLUMNS, 1.0);
        values.put(Feature.DEFAULT_SHARE, 1.0);
        values.put(Feature.JOINS, 1.0);

        assertThat(new ReadingEvidence(values, Set.of()).values().keySet())
                .containsExactly(Feature.DEFAULT_SHARE, Feature.JOINS, Feature.RESULT_COLUMNS);
    }

    @Test
    void similarityIsJaccardAndTwoEmptySetsAreAlike() {
        assertThat(ReadingEvidence.similarity(Set.of("a", "b", "c"), Set.of("b", "c", "d"))).isCloseTo(0.5, within(1e-12));
        assertThat(ReadingEvidence.similarity(Set.of("a"), Set.of("b"))).isZero();
        assertThat(ReadingEvidence.similarity(Set.of("a"), Set.of())).isZero();
        assertThat(ReadingEvidence.similarity(Set.of(), Set.of())).isEqualTo(1.0);
        assertThat(ReadingEvidence.similarity(Set.of("a", "b"), Set.of("a", "b"))).isEqualTo(1.0);
    }
}
