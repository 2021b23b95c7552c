package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/**
 * The aggregate family alone: an aggregate read from a table that holds it precomputed, and a precomputed column
 * computed over the table of its values; nothing where a plain column cannot take the aggregate's place.
 */
class AggregateFamilyTest {
    private static final AggregateFamily FAMILY = new AggregateFamily();

    @Test
    void anAggregateIsReadFromTheTableThatNamesAColumnForIt() {
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT team, AVG(rating) FROM members GROUP BY team", "average rating per team"))
                .extracting(Variant::slotPath, Variant::sql, Variant::description)
                .containsExactly(tuple("from[0]", "SELECT team, avg_rating FROM teams GROUP BY team", "the precomputed avg rating from teams"));
    }

    @Test
    void aPrecomputedColumnIsComputedOverTheTableOfItsValues() {
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT team, avg_rating FROM teams", "average rating per team"))
                .extracting(Variant::sql, Variant::description)
                .containsExactly(tuple("SELECT team, AVG(rating) FROM members", "AVG(rating) computed over members instead of teams"));
    }

    @Test
    void anAggregateTheTableHasNoColumnForOrOneInsideAnExpressionProposesNothing() {
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT team, MAX(rating) FROM members GROUP BY team", "best rating per team")).isEmpty();
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT team, avg_rating + 1 FROM teams", "average rating per team")).isEmpty();
    }
}
