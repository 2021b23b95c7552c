package dev.overtone.parser.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The coverage harness splits a SQLite dump as SQLite reads it. */
class SqliteDatabaseTest {

    @Test
    void aDumpSplitsAtSemicolonsOutsideStringsAndComments() {
        assertThat(SqliteDatabase.statements("CREATE TABLE t (a TEXT);\nINSERT INTO t VALUES ('x;y');\n-- a; note\nSELECT 1;"))
                .containsExactly("CREATE TABLE t (a TEXT)", "INSERT INTO t VALUES ('x;y')", "-- a; note\nSELECT 1");
    }

    @Test
    void aLoneCarriageReturnDoesNotEndALineCommentAsInSqlite() {
        // SQLite reads "-- a\r; b" as one comment up to the line feed: no statement ends inside it
        assertThat(SqliteDatabase.statements("SELECT 1; -- a\r; DROP TABLE t\nSELECT 2;"))
                .containsExactly("SELECT 1", "-- a\r; DROP TABLE t\nSELECT 2");
    }
}
