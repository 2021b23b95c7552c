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
 * The tables a reading reads come from its FROM and JOIN slots as parser-svc's Analyze gives them (the schema table, not
 * the alias it is written under), not from its SQL text: a table's name as an alias, a column or a string is no read.
 */
class TableReadersTest {

    private static SlotValue slot(String path, String value, String... elements) {
        return new SlotValue(path, value, "reads " + value, List.of(elements));
    }

    @Test
    void theFromAndJoinSlotsOfEveryBranchNameTheTables() {
        // SELECT p.name FROM Programs p JOIN Editors e ON ... UNION SELECT name FROM Archive; a subquery in FROM has no table
        List<List<SlotValue>> slots = List.of(
                List.of(slot("set[0]/select[0]", "Programs.name", "Programs.name"), slot("set[0]/from[0]", "Programs", "Programs"),
                        slot("set[0]/join[1]", "JOIN Editors", "Editors"),
                        slot("set[0]/join[1]/on", "Programs.editor_id = Editors.id", "Programs.editor_id", "Editors.id"),
                        slot("set[1]/from[0]", "Archive", "Archive")),
                List.of(slot("select[0]", "t.n", "t.n"), slot("from[0]", "(SELECT COUNT(*) AS n FROM Programs) t")));

        assertThat(TableReaders.tables(slots)).containsExactly(Set.of("programs", "editors", "archive"), Set.of());
        assertThat(TableReaders.of("EDITORS", TableReaders.tables(slots))).containsExactly(0);
    }

    @Test
    void aTablesNameAsAnAliasAColumnOrAStringIsNoReadOfIt() {
        // the link table, or other tables that carry its name: written as an alias, as a column, in a double-quoted
        // string (SQLite reads "..." as a string where no column has that name)
        List<String> sql = List.of(
                "SELECT Editors.full_name FROM EditorSoftwarePrograms JOIN Editors ON EditorSoftwarePrograms.editor_id = Editors.editor_id",
                "SELECT EditorSoftwarePrograms.name FROM Licences AS EditorSoftwarePrograms",
                "SELECT EditorSoftwarePrograms FROM Editors",
                "SELECT full_name FROM Editors WHERE role = \"EditorSoftwarePrograms\"");
        List<List<SlotValue>> slots = List.of(
                List.of(slot("select[0]", "Editors.full_name", "Editors.full_name"),
                        slot("from[0]", "EditorSoftwarePrograms", "EditorSoftwarePrograms"), slot("join[1]", "JOIN Editors", "Editors")),
                List.of(slot("select[0]", "Licences.name", "Licences.name"), slot("from[0]", "Licences", "Licences")),
                List.of(slot("select[0]", "Editors.EditorSoftwarePrograms", "Editors.EditorSoftwarePrograms"), slot("from[0]", "Editors", "Editors")),
                List.of(slot("select[0]", "Editors.full_name", "Editors.full_name"), slot("from[0]", "Editors", "Editors"),
                        slot("where", "Editors.role = 'EditorSoftwarePrograms'", "Editors.role")));
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots).stream()
                .map(v -> v.withPivotTerm(v.clause().equals("from") ? "editor" : "")).toList();
        Choice link = new Choice(UUID.randomUUID(), "demo", "editors", "from", "editor", "EditorSoftwarePrograms", List.of("Editors"),
                "EditorSoftwarePrograms", "Which editor made the most programs?", Choice.Source.DIALOGUE,
                Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2027-05-19T10:00:00Z"));

        List<Decision> decided = ChoiceMatcher.match("who made the most of them", forks, sql, TableReaders.tables(slots), List.of(link),
                DecisionVariable::pivotTerm);

        assertThat(decided).hasSize(1);
        assertThat(List.of(0, 1, 2, 3)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, decided)).containsExactly(0);
    }
}
