package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What Choose remembers of a chosen reading: the forks it decided, not where the readings hold the same tables or columns
 * in another order or one more beside them.
 */
class DecidedForksTest {
    private static final String EFFECTS = "Medications.Side_Effects";
    private static final String EFFECTIVENESS = "Medications.Effectiveness";
    private static final String NAME = "Medications.Name";

    static SlotValue column(String path, String value) {
        return new SlotValue(path, value, "shows " + value, List.of(value));
    }

    private static SlotValue table(String path, String table) {
        String value = path.startsWith("join") ? "JOIN " + table : table;
        return new SlotValue(path, value, "reads " + table, List.of(table));
    }

    private static List<ForkChoice> decided(List<List<SlotValue>> slots) {
        return DecidedForks.of(DecisionVariableExtractor.extract(slots), slots, 0);
    }

    @Test
    void tablesReadInAnotherOrderAreNoChoice() {
        List<SlotValue> linkFirst = List.of(column("select[0]", "Tools.tool_name"), table("from[0]", "Traffic_Engineers_Tools"),
                table("join[1]", "Traffic_Engineers"), table("join[2]", "Tools"));
        List<SlotValue> engineersFirst = List.of(column("select[0]", "Tools.tool_name"), table("from[0]", "Traffic_Engineers"),
                table("join[1]", "Traffic_Engineers_Tools"), table("join[2]", "Tools"));
        assertThat(decided(List.of(linkFirst, engineersFirst))).isEmpty();
        // the other way round: the chosen reading's FROM table is read by the other one in a JOIN
        assertThat(decided(List.of(engineersFirst, linkFirst))).isEmpty();
    }

    @Test
    void aTableReadInsteadOfAnotherIsAChoice() {
        List<SlotValue> programs = List.of(column("select[0]", "name"), table("from[0]", "EditorSoftwarePrograms"));
        List<SlotValue> editors = List.of(column("select[0]", "name"), table("from[0]", "Editors"));
        List<SlotValue> both = List.of(column("select[0]", "name"), table("from[0]", "Editors"), table("join[1]", "EditorSoftwarePrograms"));

        ForkChoice from = decided(List.of(programs, editors, both)).stream().filter(f -> f.clause().equals("from")).findFirst().orElseThrow();

        // one reading with Editors there reads no EditorSoftwarePrograms at all: a table instead of another
        assertThat(from.chosenValue()).isEqualTo("EditorSoftwarePrograms");
        assertThat(from.rejectedValues()).containsExactly("Editors");
        // only a reading that joins the chosen table to another: one more table (a join's fork), no other meaning
        assertThat(decided(List.of(programs, both))).noneMatch(f -> f.clause().equals("from"));
    }

    @Test
    void aColumnShownOnePlaceFurtherOnIsNotTurnedAway() {
        List<SlotValue> effects = List.of(column("select[0]", EFFECTS));
        List<SlotValue> nameAndEffects = List.of(column("select[0]", NAME), column("select[1]", EFFECTS));
        List<SlotValue> effectiveness = List.of(column("select[0]", EFFECTIVENESS));

        List<ForkChoice> forks = decided(List.of(effects, nameAndEffects, effectiveness));

        ForkChoice first = forks.stream().filter(f -> f.chosenValue().equals(EFFECTS)).findFirst().orElseThrow();
        assertThat(first.rejectedValues()).containsExactly(EFFECTIVENESS); // not the name: that reading shows the effects too
        // chosen with the name in front: the side effects were not turned away, the effectiveness was
        List<ForkChoice> withName = decided(List.of(nameAndEffects, effects, effectiveness));
        ForkChoice front = withName.stream().filter(f -> f.chosenValue().equals(NAME)).findFirst().orElseThrow();
        assertThat(front.rejectedValues()).containsExactly(EFFECTIVENESS);
        // nothing but the order of the same columns: no fork between columns is remembered
        assertThat(decided(List.of(nameAndEffects, List.of(column("select[0]", EFFECTS), column("select[1]", NAME)))))
                .noneMatch(f -> f.clause().equals("select"));
    }

    @Test
    void aForkWithNothingOnOneSideIsKept() {
        List<SlotValue> one = List.of(column("select[0]", NAME));
        List<SlotValue> two = List.of(column("select[0]", NAME), column("select[1]", EFFECTS));

        List<ForkChoice> forks = decided(List.of(one, two));

        assertThat(forks).singleElement().satisfies(f -> {
            assertThat(f.chosenValue()).isEqualTo(DecisionVariable.ABSENT);
            assertThat(f.rejectedValues()).containsExactly(EFFECTS);
        });
    }
}
