package dev.overtone.executor.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.TenantDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/** The warm-up's scratch database: a SQLite file in a directory of its own, registered as the warm-up's tenant. */
class WarmUpDatabaseTest {
    @Test
    void theScratchFileIsWrittenInADirectoryOfItsOwnWithItsMadeUpRows(@TempDir Path dir) throws SQLException {
        TenantDatabase scratch = WarmUpDatabase.create(dir);

        assertThat(scratch.key()).isEqualTo("overtone-warm-up/scratch");
        assertThat(scratch.engine()).isEqualTo(EngineKind.SQLITE);
        Path file = scratch.sqlitePath().orElseThrow();
        assertThat(file.getParent().getParent()).isEqualTo(dir);
        assertThat(file.getParent().getFileName().toString()).startsWith("executor-warm-up-");
        assertThat(count(file, "hotels")).isEqualTo(12);
        assertThat(count(file, "rooms")).isEqualTo(36);
        assertThat(count(file, "bookings")).isEqualTo(36);
        assertThat(WarmUpDatabase.create(dir).sqlitePath().orElseThrow()).as("a second warm-up writes a file of its own")
                .isNotEqualTo(file);
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsNamedInTheFailure(@TempDir Path dir) throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("a-file"), "x");

        assertThatThrownBy(() -> WarmUpDatabase.create(notADirectory)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("its scratch database cannot be written under " + notADirectory);
    }

    private static int count(Path file, String table) throws SQLException {
        try (Connection c = new SQLiteConfig().createConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
