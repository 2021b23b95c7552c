package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/**
 * The join family alone: a column a one-to-one extension repeats read from it through the join (the base table's
 * alias kept, the key left where it is), and the reverse, a join kept only for such columns dropped.
 */
class JoinFamilyTest {
    private static final JoinFamily FAMILY = new JoinFamily();

    @Test
    void aRepeatedColumnIsReadThroughTheExtensionJoinedOnTheBaseTablesAlias() {
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT p.id, p.rating FROM players p", "player ratings"))
                .extracting(Variant::slotPath, Variant::sql, Variant::description)
                .containsExactly(tuple("join[1]", "SELECT p.id, player_stats.rating FROM players p JOIN player_stats ON p.id = player_stats.id",
                        "the rating as recorded in player stats"));
    }

    @Test
    void aJoinOfTheExtensionKeptOnlyForRepeatedColumnsIsDropped() {
        assertThat(FamilyProposals.onPartitioned(FAMILY,
                "SELECT players.name, player_stats.rating FROM players JOIN player_stats ON players.id = player_stats.id", "ratings"))
                .extracting(Variant::slotPath, Variant::sql, Variant::description)
                .containsExactly(tuple("join[0]", "SELECT players.name, players.rating FROM players", "the rating as recorded in players"));
    }

    @Test
    void aQueryOfColumnsTheExtensionDoesNotRepeatProposesNothing() {
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT name FROM players", "names")).isEmpty();
        assertThat(FamilyProposals.onPartitioned(FAMILY, "SELECT team FROM members", "teams")).isEmpty();
    }
}
