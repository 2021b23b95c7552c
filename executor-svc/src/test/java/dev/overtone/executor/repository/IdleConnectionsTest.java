package dev.overtone.executor.repository;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/** The idle SQLite connections kept for the next statement, bounded per file and in all. */
class IdleConnectionsTest {
    @TempDir
    Path dir;

    private Connection open(String file) throws SQLException {
        return new SQLiteConfig().createConnection("jdbc:sqlite:" + dir.resolve(file));
    }

    @Test
    void aFileGetsBackItsMostRecentlyReturnedConnection() throws SQLException {
        IdleConnections idle = new IdleConnections(8, 64);
        Connection first = open("a.sqlite");
        Connection second = open("a.sqlite");
        idle.put(dir.resolve("a.sqlite"), first);
        idle.put(dir.resolve("a.sqlite"), second);
        assertThat(idle.take(dir.resolve("b.sqlite"))).isNull();
        assertThat(idle.take(dir.resolve("a.sqlite"))).isSameAs(second);
        assertThat(idle.take(dir.resolve("a.sqlite"))).isSameAs(first);
        assertThat(idle.take(dir.resolve("a.sqlite"))).isNull();
        assertThat(first.isClosed()).isFalse();
    }

    @Test
    void pastTheFilesBoundAConnectionIsClosed() throws SQLException {
        IdleConnections idle = new IdleConnections(2, 64);
        Connection[] c = {open("a.sqlite"), open("a.sqlite"), open("a.sqlite")};
        for (Connection each : c) idle.put(dir.resolve("a.sqlite"), each);
        assertThat(idle.size()).isEqualTo(2);
        assertThat(c[2].isClosed()).isTrue();
        assertThat(c[0].isClosed() || c[1].isClosed()).isFalse();
    }

    @Test
    void pastTheTotalTheLeastRecentlyReturnedIsClosed() throws SQLException {
        IdleConnections idle = new IdleConnections(8, 2);
        Connection a = open("a.sqlite");
        Connection b = open("b.sqlite");
        Connection c = open("c.sqlite");
        idle.put(dir.resolve("a.sqlite"), a);
        idle.put(dir.resolve("b.sqlite"), b);
        idle.put(dir.resolve("c.sqlite"), c);
        assertThat(idle.size()).isEqualTo(2);
        assertThat(a.isClosed()).isTrue();
        assertThat(idle.take(dir.resolve("a.sqlite"))).isNull();
        assertThat(idle.take(dir.resolve("b.sqlite"))).isSameAs(b);
        assertThat(idle.take(dir.resolve("c.sqlite"))).isSameAs(c);
        assertThat(b.isClosed() || c.isClosed()).isFalse();
    }

    @Test
    void noneKeptWhenTheTotalIsZeroAndAllClosedAtTheEnd() throws SQLException {
        IdleConnections none = new IdleConnections(8, 0);
        Connection a = open("a.sqlite");
        none.put(dir.resolve("a.sqlite"), a);
        assertThat(a.isClosed()).isTrue();
        assertThat(none.size()).isZero();

        IdleConnections idle = new IdleConnections(8, 64);
        Connection b = open("b.sqlite");
        Connection c = open("c.sqlite");
        idle.put(dir.resolve("b.sqlite"), b);
        idle.put(dir.resolve("c.sqlite"), c);
        idle.closeAll();
        assertThat(b.isClosed() && c.isClosed()).isTrue();
        assertThat(idle.size()).isZero();
    }

    @Test
    void closingOneFilesConnectionsLeavesTheOthersAndFreesTheirPlaces() throws SQLException {
        IdleConnections idle = new IdleConnections(8, 3);
        Connection[] gone = {open("gone.sqlite"), open("gone.sqlite")};
        Connection kept = open("kept.sqlite");
        for (Connection each : gone) idle.put(dir.resolve("gone.sqlite"), each);
        idle.put(dir.resolve("kept.sqlite"), kept);

        idle.closeFor(dir.resolve("gone.sqlite"));

        assertThat(gone[0].isClosed() && gone[1].isClosed()).isTrue();
        assertThat(idle.size()).isEqualTo(1);
        Connection next = open("next.sqlite");
        idle.put(dir.resolve("next.sqlite"), next);
        idle.put(dir.resolve("next.sqlite"), open("next.sqlite"));
        assertThat(kept.isClosed()).as("the closed file's places were freed, not still counted").isFalse();
        assertThat(idle.take(dir.resolve("gone.sqlite"))).isNull();
        assertThat(idle.take(dir.resolve("kept.sqlite"))).isSameAs(kept);
        // one a statement still held on the closed file (a warm-up round cut off by its budget) is closed when it comes back
        Connection late = open("gone.sqlite");
        idle.put(dir.resolve("gone.sqlite"), late);
        assertThat(late.isClosed()).isTrue();
        assertThat(idle.take(dir.resolve("gone.sqlite"))).isNull();
    }
}
