package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The join family alone: a column a one-to-one extension repeats read from it through the join (the base table's
 * alias kept, the key left where it is), and the reverse, a join kept only for such columns dropped.
 */
class JoinFamilyTest {
    private static final JoinFamily FAMILY = new JoinFamily();

    @Test
    void aRepeatedColumnIsReadThroughTheExtensionJoinedOnTheBaseTablesAlias() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT p.id, p.rating FROM players p",
                VariantGeneratorTest.partitioned(), "player ratings");

        assertThat(proposed).extracting(Variant::sql).containsExactly(
                "SELECT p.id, player_stats.rating FROM players p JOIN player_stats ON p.id = player_stats.id");
        assertThat(proposed.get(0).slotPath()).isEqualTo("join[1]");
        assertThat(proposed.get(0).description()).isEqualTo("the rating as recorded in player stats");
    }

    @Test
    void aJoinOfTheExtensionKeptOnlyForRepeatedColumnsIsDropped() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT players.name, player_stats.rating FROM players"
                + " JOIN player_stats ON players.id = player_stats.id", VariantGeneratorTest.partitioned(), "ratings");

        assertThat(proposed).extracting(Variant::sql).containsExactly("SELECT players.name, players.rating FROM players");
        assertThat(proposed.get(0).slotPath()).isEqualTo("join[0]");
        assertThat(proposed.get(0).description()).isEqualTo("the rating as recorded in players");
    }

    @Test
    void aQueryOfColumnsTheExtensionDoesNotRepeatProposesNothing() {
        assertThat(FamilyProposals.of(FAMILY, "SELECT name FROM players", VariantGeneratorTest.partitioned(), "names"))
                .isEmpty();
        assertThat(FamilyProposals.of(FAMILY, "SELECT team FROM members", VariantGeneratorTest.partitioned(), "teams"))
                .isEmpty();
    }
}
