package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Start's candidates checked one by one, and those that return the same result told once. */
class ReadingsTest {

    @Test
    void candidatesWithTheSameFingerprintAreOneReadingUnderTheFirstsId() {
        List<StartCommand.CandidateInput> candidates = List.of(
                candidate("a", "SELECT name FROM hotels", 0.5, "fp1"),
                candidate("b", "SELECT name FROM hotels ORDER BY 1", 0.2, "fp1"),
                candidate("c", "SELECT city FROM hotels", null, "fp2"),
                candidate("d", "SELECT stars FROM hotels", 0.1, ""));

        List<Reading> readings = Readings.collapse(candidates, 10);

        assertThat(readings).extracting(Reading::id).containsExactly("a", "c", "d");
        assertThat(readings.get(0).aliases()).containsExactly("b");
        assertThat(readings.get(0).sql()).isEqualTo("SELECT name FROM hotels");
        assertThat(Readings.givenPriors(candidates, readings)).containsExactly(0.7, null, 0.1);
    }

    @Test
    void candidatesWithoutAFingerprintAreNeverMerged() {
        List<Reading> readings = Readings.collapse(List.of(candidate("a", "SELECT 1", null, null),
                candidate("b", "SELECT 1", null, null)), 10);

        assertThat(readings).extracting(Reading::id).containsExactly("a", "b");
    }

    @Test
    void eachBadCandidateIsNamed() {
        assertThatThrownBy(() -> Readings.collapse(List.of(candidate(" ", "SELECT 1", null, null)), 10))
                .hasMessage("candidate #1 has no id");
        assertThatThrownBy(() -> Readings.collapse(List.of(candidate("a", "SELECT 1", null, null),
                candidate("a", "SELECT 2", null, null)), 10)).hasMessage("candidate id 'a' appears twice");
        assertThatThrownBy(() -> Readings.collapse(List.of(candidate("a", "", null, null)), 10))
                .hasMessage("candidate 'a' has no SQL");
        assertThatThrownBy(() -> Readings.collapse(List.of(candidate("a", "SELECT 1", 1.5, null)), 10))
                .hasMessage("candidate 'a' has probability 1.5; it must be in [0, 1]");
        assertThatThrownBy(() -> Readings.collapse(List.of(candidate("a", "SELECT 1", Double.NaN, null)), 10))
                .hasMessageContaining("must be in [0, 1]");
        assertThatThrownBy(() -> Readings.collapse(List.of(candidate("a", "SELECT 1", null, null),
                candidate("b", "SELECT 2", null, null)), 1)).hasMessage("2 candidates is more than the 1 a dialogue takes")
                .isInstanceOfSatisfying(ClarifyException.class,
                        e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT));
    }

    private static StartCommand.CandidateInput candidate(String id, String sql, Double probability, String fingerprint) {
        return new StartCommand.CandidateInput(id, sql, "", probability, fingerprint, List.of());
    }
}
