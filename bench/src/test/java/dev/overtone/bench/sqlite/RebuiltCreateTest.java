package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RebuiltCreateTest {

    @Test
    void theInsertsColumnsComeFirstAsDeclaredThenTheDeclaredLeftovers() {
        String sql = RebuiltCreate.of("Emp", "id INTEGER PRIMARY KEY, name TEXT NOT NULL, hired DATE", List.of("NAME", "id", "position_id"));

        assertThat(sql).isEqualTo("CREATE TABLE \"Emp\" (\n    name TEXT NOT NULL,\n    id INTEGER PRIMARY KEY,\n    \"position_id\",\n"
                + "    hired DATE\n)");
    }

    @Test
    void keyConstraintsStayWhenTheirColumnsDoAndForeignKeysAndChecksGo() {
        String sql = RebuiltCreate.of("enrol", "sid INT, cid INT, PRIMARY KEY (sid, cid), FOREIGN KEY (sid) REFERENCES s(id), "
                + "CHECK (sid > 0), CONSTRAINT u UNIQUE (cid)", List.of("sid", "cid"));

        assertThat(sql).contains("PRIMARY KEY (sid, cid)").doesNotContain("FOREIGN").doesNotContain("CHECK").doesNotContain("CONSTRAINT");
    }

    @Test
    void aKeysColumnNoLineDeclaresBecomesAnUntypedColumn() {
        String sql = RebuiltCreate.of("s", "PRIMARY KEY (\"StudentID\", CourseID)", List.of("Grade"));

        assertThat(sql).isEqualTo("CREATE TABLE \"s\" (\n    \"Grade\",\n    \"StudentID\",\n    \"CourseID\",\n"
                + "    PRIMARY KEY (\"StudentID\", CourseID)\n)");
    }

    @Test
    void itemsSplitOnlyAtTopLevelCommasOutsideQuotes() {
        assertThat(RebuiltCreate.splitTopLevel("price DECIMAL(10, 2), note TEXT DEFAULT 'a, b', \"x,y\" INT, "))
                .containsExactly("price DECIMAL(10, 2)", "note TEXT DEFAULT 'a, b'", "\"x,y\" INT");
        assertThat(RebuiltCreate.firstIdent("  [Order Date] TEXT")).isEqualTo("Order Date");
        assertThat(RebuiltCreate.firstIdent("\"a\"\"b\" INT")).isEqualTo("a\"b");
    }

    @Test
    void noBodyIsATableOfTheInsertsColumns() {
        assertThat(RebuiltCreate.of("t", null, List.of("a", "b\"c"))).isEqualTo("CREATE TABLE \"t\" (\n    \"a\",\n    \"b\"\"c\"\n)");
    }
}
