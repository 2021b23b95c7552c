package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SqlScriptTest {

    @Test
    void splitsAtSemicolonsOutsideQuotesAndComments() {
        assertThat(SqlScript.statements("""
                -- a comment; with a semicolon
                CREATE TABLE t (a TEXT);
                INSERT INTO t VALUES ('x;y'), ('it''s; fine');
                SELECT "odd;name" FROM t
                """)).containsExactly(
                "CREATE TABLE t (a TEXT)",
                "INSERT INTO t VALUES ('x;y'), ('it''s; fine')",
                "SELECT \"odd;name\" FROM t");
    }

    @Test
    void theSampleScriptsSplitIntoTheirStatements() throws Exception {
        Path samples = Path.of(System.getProperty("overtone.checkout", "../..")).resolve("samples");
        assertThat(SqlScript.statements(Files.readString(samples.resolve("hotels.sql"))))
                .hasSize(12)
                .allSatisfy(statement -> assertThat(statement).matches("(?s)^(CREATE TABLE|INSERT INTO) .*"));
        assertThat(SqlScript.statements(Files.readString(samples.resolve("crm.sql")))).hasSize(2);
    }
}
