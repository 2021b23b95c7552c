package dev.overtone.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench's SQLite database reads, and refuses every write, on a real SQLite file. */
class BenchDatabaseTest {

    @Test
    void aReadOnlyConnectionReadsTheFileAndRefusesWrites(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hotels.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE hotels(name TEXT, stars INT)");
            s.execute("INSERT INTO hotels VALUES ('Ritz', 5)");
        }
        BenchDatabase db = new BenchDatabase("hotels", file, List.of());

        try (Connection c = db.openReadOnly(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT name FROM hotels")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("Ritz");
            }
            assertThatThrownBy(() -> s.execute("INSERT INTO hotels VALUES ('Savoy', 4)")).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> s.execute("CREATE TEMP TABLE scratch(a)")).isInstanceOf(SQLException.class);
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM hotels")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }

    @Test
    void aMissingFileIsNotCreated(@TempDir Path dir) {
        Path file = dir.resolve("absent.sqlite");

        assertThatThrownBy(() -> new BenchDatabase("absent", file, List.of()).openReadOnly().close()).isInstanceOf(SQLException.class);
        assertThat(file).doesNotExist();
    }
}
