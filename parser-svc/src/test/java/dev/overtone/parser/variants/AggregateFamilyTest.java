package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The aggregate family alone: an aggregate read from a table that holds it precomputed, and a precomputed column
 * computed over the table of its values; nothing where a plain column cannot take the aggregate's place.
 */
class AggregateFamilyTest {
    private static final AggregateFamily FAMILY = new AggregateFamily();

    @Test
    void anAggregateIsReadFromTheTableThatNamesAColumnForIt() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT team, AVG(rating) FROM members GROUP BY team",
                VariantGeneratorTest.partitioned(), "average rating per team");

        assertThat(proposed).extracting(Variant::sql).containsExactly("SELECT team, avg_rating FROM teams GROUP BY team");
        assertThat(proposed.get(0).slotPath()).isEqualTo("from[0]");
        assertThat(proposed.get(0).description()).isEqualTo("the precomputed avg rating from teams");
    }

    @Test
    void aPrecomputedColumnIsComputedOverTheTableOfItsValues() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT team, avg_rating FROM teams",
                VariantGeneratorTest.partitioned(), "average rating per team");

        assertThat(proposed).extracting(Variant::sql).containsExactly("SELECT team, AVG(rating) FROM members");
        assertThat(proposed.get(0).description()).isEqualTo("AVG(rating) computed over members instead of teams");
    }

    @Test
    void anAggregateTheTableHasNoColumnForOrOneInsideAnExpressionProposesNothing() {
        assertThat(FamilyProposals.of(FAMILY, "SELECT team, MAX(rating) FROM members GROUP BY team",
                VariantGeneratorTest.partitioned(), "best rating per team")).isEmpty();
        assertThat(FamilyProposals.of(FAMILY, "SELECT team, avg_rating + 1 FROM teams",
                VariantGeneratorTest.partitioned(), "average rating per team")).isEmpty();
    }
}
