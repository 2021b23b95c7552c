package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A SELECT fork where one reading shows a column in front of the one the other shows (each technician's name and the
 * fixtures' description, against the description of the fixtures all of them use) is no choice between columns: carried
 * over, the description "chosen" there decides nothing; for its own question it still does, and a fork that does swap
 * one column for another is still decided.
 */
class ShownColumnsTest {
    private static final String DESCRIPTION = "Fixtures.description";
    private static final String NAME = "Lighting_Technicians.name";
    private static final String ASKED = "Give me descriptions of fixtures each technician uses.";

    private static SlotValue slot(String path, String value) {
        return new SlotValue(path, value, "shows " + value, List.of(value));
    }

    /** The fixtures every technician uses (one column, grouped) and each technician's fixtures (a column in front). */
    private static final List<SlotValue> COLLECTIVE = List.of(slot("select[0]", DESCRIPTION), slot("from[0]", "Fixtures"),
            slot("group_by[0]", "Fixtures.fixtureType"),
            slot("having", "COUNT(DISTINCT technicianID) = (SELECT COUNT(*) FROM Lighting_Technicians)"));
    private static final List<SlotValue> EACH = List.of(slot("select[0]", NAME), slot("select[1]", DESCRIPTION),
            slot("from[0]", "Fixtures"));
    private static final List<SlotValue> NAME_ONLY = List.of(slot("select[0]", NAME), slot("from[0]", "Fixtures"));

    private static final Choice DESCRIPTION_CHOSEN = new Choice(UUID.randomUUID(), "demo", "lighting", "select", "", DESCRIPTION,
            List.of(NAME), "the description", ASKED, Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"),
            Instant.parse("2027-05-19T10:00:00Z"));

    private static final Choice NAME_CHOSEN = new Choice(UUID.randomUUID(), "demo", "lighting", "select", "", NAME,
            List.of(DESCRIPTION), "the name", ASKED, Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"),
            Instant.parse("2027-05-19T10:00:00Z"));

    private static List<Decision> match(String question, List<List<SlotValue>> slots) {
        return match(question, slots, DESCRIPTION_CHOSEN);
    }

    private static List<Decision> match(String question, List<List<SlotValue>> slots, Choice choice) {
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots);
        List<String> sql = slots.stream().map(Object::toString).toList();
        return ChoiceMatcher.match(question, forks, sql, TableReaders.tables(slots), List.of(choice), DecisionVariable::pivotTerm);
    }

    @Test
    void aColumnShownBesideAnotherIsNoChoiceBetweenThem() {
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(List.of(COLLECTIVE, EACH));
        int description = ForkValues.indexOf(forks.get(0), DESCRIPTION);
        int name = ForkValues.indexOf(forks.get(0), NAME);

        assertThat(ShownColumns.of(forks, 1)).containsExactlyInAnyOrder(NAME, DESCRIPTION);
        assertThat(ShownColumns.swapsColumns(forks, 0, description, Set.of(name))).isFalse();
        assertThat(ShownColumns.swapsColumns(forks, 0, name, Set.of(description))).isFalse();
        List<DecisionVariable> swap = DecisionVariableExtractor.extract(List.of(COLLECTIVE, NAME_ONLY));
        assertThat(ShownColumns.swapsColumns(swap, 0, 0, Set.of(1))).isTrue();
    }

    @Test
    void aVagueWordsReadingsSwapColumnsBesideTheReadingThatShowsBoth() {
        // "What airport is East of the Prime Meridian?": its code, its name, or both; the name was chosen elsewhere
        String code = "Airports.Airport_Code";
        String name = "Airports.Airport_Name";
        List<List<SlotValue>> slots = List.of(List.of(slot("select[0]", code)), List.of(slot("select[0]", name)),
                List.of(slot("select[0]", code), slot("select[1]", name)));
        Choice nameChosen = new Choice(UUID.randomUUID(), "demo", "airports", "select", "", name, List.of(code), "the name",
                "What's the highest airport?", Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"),
                Instant.parse("2027-05-19T10:00:00Z"));

        List<Decision> decided = match("What airport is East of the Prime Meridian?", slots, nameChosen);

        assertThat(decided).hasSize(1);
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots);
        assertThat(List.of(0, 1, 2)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, decided)).containsExactly(1);
    }

    @Test
    void carriedOverAColumnAgreesWithEveryReadingThatShowsItWhereverItStands() {
        // "Show all the drugs and their effects that are manufactured by 'Bayer'": the side effects were chosen elsewhere
        String effects = "Medications.Side_Effects";
        String effectiveness = "Medications.Effectiveness";
        String name = "Medications.Name";
        List<List<SlotValue>> slots = List.of(List.of(slot("select[0]", effects)), List.of(slot("select[0]", effectiveness)),
                List.of(slot("select[0]", name), slot("select[1]", effects)), List.of(slot("select[0]", name), slot("select[1]", effectiveness)),
                List.of(slot("select[0]", name), slot("select[1]", effects), slot("select[2]", effectiveness)));
        Choice chosen = new Choice(UUID.randomUUID(), "demo", "drugs", "select", "", effects, List.of(effectiveness), "the side effects",
                "List all drugs, their effects and manufacturers that are analgesic.", Choice.Source.CALLER,
                Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2027-05-19T10:00:00Z"));

        List<Decision> decided = match("Show all the drugs and their effects that are manufactured by 'Bayer'", slots, chosen);

        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots);
        // the name in front moves the side effects to select[1]: still the column chosen; showing both is not
        assertThat(List.of(0, 1, 2, 3, 4)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, decided)).containsExactly(0, 2);
        // for its own question the choice is the person's at that very fork
        List<Decision> own = match(chosen.question(), slots, chosen);
        assertThat(List.of(0, 1, 2, 3, 4)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, own)).containsExactly(0);
    }

    @Test
    void carriedOverItDecidesNothingWhereAnotherReadingShowsTheColumnToo() {
        String other = "For every one of them, list what they work with.";
        assertThat(match(other, List.of(COLLECTIVE, EACH))).isEmpty();
        // with a reading that shows the name alone, the description and the name are swapped somewhere: it applies
        assertThat(match(other, List.of(COLLECTIVE, EACH, NAME_ONLY))).hasSize(1);
        // one column instead of the other: a choice between columns, carried over
        assertThat(match(other, List.of(COLLECTIVE, NAME_ONLY))).hasSize(1);
        // the question it was chosen for: decided as the person chose
        assertThat(match(ASKED, List.of(COLLECTIVE, EACH))).hasSize(1);
        // the other way round: the name chosen in front of the description adds a column just the same
        assertThat(match(other, List.of(COLLECTIVE, EACH), NAME_CHOSEN)).isEmpty();
        assertThat(match(other, List.of(COLLECTIVE, NAME_ONLY), NAME_CHOSEN)).hasSize(1);
    }
}
