package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which readings a remembered decision admits: those with its value at the fork; with absentAgrees also those that have
 * nothing there; with readers exactly those, whatever they have.
 */
class DecisionTest {
    /** Readings 0..3 at a SELECT fork: stars, score, nothing, score. */
    private static final DecisionVariable RATING = new DecisionVariable("v0", List.of("select[1]"), "select", new int[] {0, 1, 2, 1},
            List.of("hotels.stars", "reviews.score", DecisionVariable.ABSENT), List.of("stars", "score", "nothing"),
            List.of("", "", ""));

    @Test
    void aDecisionAdmitsTheReadingsWithItsValue() {
        Decision score = new Decision(null, 0, 1);

        assertThat(List.of(0, 1, 2, 3)).filteredOn(r -> score.admits(RATING, r)).containsExactly(1, 3);
    }

    @Test
    void withAbsentAgreesAReadingWithNothingAtTheForkIsAdmittedToo() {
        Decision score = new Decision(null, 0, 1, true);

        assertThat(List.of(0, 1, 2, 3)).filteredOn(r -> score.admits(RATING, r)).containsExactly(1, 2, 3);
    }

    @Test
    void readersAreAdmittedWhateverTheyHaveAtTheFork() {
        Decision table = new Decision(null, 0, 1, false, Set.of(0, 2));

        assertThat(List.of(0, 1, 2, 3)).filteredOn(r -> table.admits(RATING, r)).containsExactly(0, 2);
    }
}
