package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The dump repairs of the reference scorer, with its exact notes. */
class DumpLoaderTest {

    private static List<List<Object>> query(Connection c, String sql) throws Exception {
        return new QueryRunner(c, 5).run(sql);
    }

    private static Connection memory() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite::memory:");
    }

    @Test
    void cleanDumpLoadsWithoutNotes() throws Exception {
        try (Connection c = memory()) {
            List<String> notes = DumpLoader.load("CREATE TABLE t(a INTEGER, b TEXT);\n"
                    + "INSERT INTO t(a, b) VALUES (1, 'x;y');\nINSERT INTO t(a, b) VALUES (2, 'z');\n", c);
            assertThat(notes).isEmpty();
            assertThat(query(c, "SELECT b FROM t ORDER BY a")).containsExactly(List.of("x;y"), List.of("z"));
        }
    }

    @Test
    void columnsTheInsertsNameButTheCreateLostAreRebuilt() throws Exception {
        try (Connection c = memory()) {
            List<String> notes = DumpLoader.load("CREATE TABLE Employee(\n  id INTEGER PRIMARY KEY,\n  name TEXT\n);\n"
                    + "INSERT INTO Employee(id, name, position_id) VALUES (1, 'Ann', 7);\n", c);
            assertThat(notes).containsExactly("Employee: columns ['position_id'] missing from CREATE TABLE; rebuilt");
            assertThat(query(c, "SELECT id, name, position_id FROM Employee")).containsExactly(List.of(1L, "Ann", 7L));
        }
    }

    @Test
    void trailingCommaIsRemoved() throws Exception {
        try (Connection c = memory()) {
            List<String> notes = DumpLoader.load("CREATE TABLE t(\n a INTEGER,\n b TEXT,\n);\n"
                    + "INSERT INTO t(a, b) VALUES (1, 'x');\n", c);
            assertThat(notes).containsExactly("t: removed trailing comma in CREATE TABLE");
            assertThat(query(c, "SELECT a, b FROM t")).containsExactly(List.of(1L, "x"));
        }
    }

    @Test
    void bodyReducedToAConstraintIsRebuiltFromTheInserts() throws Exception {
        try (Connection c = memory()) {
            List<String> notes = DumpLoader.load("CREATE TABLE s(\n PRIMARY KEY(StudentID, CourseID)\n);\n"
                    + "INSERT INTO s(StudentID, CourseID, Grade) VALUES (1, 2, 'A');\n", c);
            assertThat(notes).hasSize(1);
            assertThat(notes.get(0)).startsWith("s: CREATE TABLE failed (").endsWith("); rebuilt from INSERT columns");
            assertThat(query(c, "SELECT StudentID, CourseID, Grade FROM s")).containsExactly(List.of(1L, 2L, "A"));
        }
    }

    @Test
    void tableWithoutCreateIsCreatedFromInsertColumns() throws Exception {
        try (Connection c = memory()) {
            List<String> notes = DumpLoader.load("INSERT INTO JobPostings(id, title) VALUES (1, 'Cook');\n"
                    + "INSERT INTO JobPostings(id, title, salary) VALUES (2, 'Chef', 10.5);\n", c);
            assertThat(notes).containsExactly("JobPostings: no CREATE TABLE in dump; created from INSERT columns");
            assertThat(query(c, "SELECT id, title, salary FROM JobPostings ORDER BY id"))
                    .containsExactly(java.util.Arrays.asList(1L, "Cook", null), List.of(2L, "Chef", 10.5));
        }
    }

    @Test
    void failingStatementsAreReportedAndSkipped() throws Exception {
        try (Connection c = memory()) {
            List<String> notes = DumpLoader.load("CREATE TABLE t(a INTEGER);\nCREATE INDEX i ON nowhere(a);\n"
                    + "INSERT INTO t(a) VALUES (1);\n", c);
            assertThat(notes).singleElement().asString().startsWith("statement skipped (").contains("no such table").endsWith("CREATE INDEX i ON nowhere(a);");
        }
    }

    @Test
    void splitsLikePythonSplitlinesAndCompleteStatement() {
        assertThat(DumpLoader.splitStatements("CREATE TABLE a(x);\r\nINSERT INTO a(x) VALUES ('1\n2;');\nSELECT"))
                .containsExactly("CREATE TABLE a(x);", "INSERT INTO a(x) VALUES ('1\n2;');", "SELECT;");
    }
}
