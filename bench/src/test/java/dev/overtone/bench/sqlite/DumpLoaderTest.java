package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The dump repairs of the reference scorer, with its exact notes. */
class DumpLoaderTest {

    private static List<List<Object>> query(Connection c, String sql) throws Exception {
        return new QueryRunner(c, 5).run(sql);
    }

    /** The repair notes of loading {@code dump} into a fresh database, and the rows {@code sql} then reads. */
    private record Loaded(List<String> notes, List<List<Object>> rows) {
    }

    private static Loaded load(String dump, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            List<String> notes = DumpLoader.load(dump, c);
            return new Loaded(notes, query(c, sql));
        }
    }

    @Test
    void cleanDumpLoadsWithoutNotes() throws Exception {
        Loaded loaded = load("CREATE TABLE t(a INTEGER, b TEXT);\n"
                + "INSERT INTO t(a, b) VALUES (1, 'x;y');\nINSERT INTO t(a, b) VALUES (2, 'z');\n", "SELECT b FROM t ORDER BY a");
        assertThat(loaded.notes()).isEmpty();
        assertThat(loaded.rows()).containsExactly(List.of("x;y"), List.of("z"));
    }

    @Test
    void columnsTheInsertsNameButTheCreateLostAreRebuilt() throws Exception {
        Loaded loaded = load("CREATE TABLE Employee(\n  id INTEGER PRIMARY KEY,\n  name TEXT\n);\n"
                + "INSERT INTO Employee(id, name, position_id) VALUES (1, 'Ann', 7);\n", "SELECT id, name, position_id FROM Employee");
        assertThat(loaded.notes()).containsExactly("Employee: columns ['position_id'] missing from CREATE TABLE; rebuilt");
        assertThat(loaded.rows()).containsExactly(List.of(1L, "Ann", 7L));
    }

    @Test
    void trailingCommaIsRemoved() throws Exception {
        Loaded loaded = load("CREATE TABLE t(\n a INTEGER,\n b TEXT,\n);\n"
                + "INSERT INTO t(a, b) VALUES (1, 'x');\n", "SELECT a, b FROM t");
        assertThat(loaded.notes()).containsExactly("t: removed trailing comma in CREATE TABLE");
        assertThat(loaded.rows()).containsExactly(List.of(1L, "x"));
    }

    @Test
    void bodyReducedToAConstraintIsRebuiltFromTheInserts() throws Exception {
        Loaded loaded = load("CREATE TABLE s(\n PRIMARY KEY(StudentID, CourseID)\n);\n"
                + "INSERT INTO s(StudentID, CourseID, Grade) VALUES (1, 2, 'A');\n", "SELECT StudentID, CourseID, Grade FROM s");
        assertThat(loaded.notes()).hasSize(1);
        assertThat(loaded.notes().get(0)).startsWith("s: CREATE TABLE failed (").endsWith("); rebuilt from INSERT columns");
        assertThat(loaded.rows()).containsExactly(List.of(1L, 2L, "A"));
    }

    @Test
    void tableWithoutCreateIsCreatedFromInsertColumns() throws Exception {
        Loaded loaded = load("INSERT INTO JobPostings(id, title) VALUES (1, 'Cook');\n"
                + "INSERT INTO JobPostings(id, title, salary) VALUES (2, 'Chef', 10.5);\n", "SELECT id, title, salary FROM JobPostings ORDER BY id");
        assertThat(loaded.notes()).containsExactly("JobPostings: no CREATE TABLE in dump; created from INSERT columns");
        assertThat(loaded.rows())
                .containsExactly(java.util.Arrays.asList(1L, "Cook", null), List.of(2L, "Chef", 10.5));
    }

    @Test
    void failingStatementsAreReportedAndSkipped() throws Exception {
        Loaded loaded = load("CREATE TABLE t(a INTEGER);\nCREATE INDEX i ON nowhere(a);\n"
                + "INSERT INTO t(a) VALUES (1);\n", "SELECT 1");
        assertThat(loaded.notes()).singleElement().asString().startsWith("statement skipped (").contains("no such table").endsWith("CREATE INDEX i ON nowhere(a);");
    }

    @Test
    void splitsLikePythonSplitlinesAndCompleteStatement() {
        assertThat(DumpStatements.split("CREATE TABLE a(x);\r\nINSERT INTO a(x) VALUES ('1\n2;');\nSELECT"))
                .containsExactly("CREATE TABLE a(x);", "INSERT INTO a(x) VALUES ('1\n2;');", "SELECT;");
    }
}
