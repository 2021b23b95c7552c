package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.InMemorySqlite;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The statements kept prepared on one real SQLite connection: least recently used closed first, dropped when their cut changes. */
class KeptStatementsTest {
    @RegisterExtension
    final InMemorySqlite db = new InMemorySqlite("CREATE TABLE hotels (name TEXT, city TEXT)");

    private static CappedProjection capped(String sql, int cut) {
        return CappedProjection.sqlite(sql, List.of("name"), List.of("TEXT"), columns -> cut);
    }

    private PreparedStatement prepared(String sql) throws SQLException {
        return db.connection().prepareStatement(sql);
    }

    @Test
    void theLeastRecentlyUsedStatementIsClosedWhenOneMoreIsKept() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 2);
        PreparedStatement a = prepared("SELECT name FROM hotels");
        PreparedStatement b = prepared("SELECT city FROM hotels");
        PreparedStatement c = prepared("SELECT 1");
        kept.keep("a", capped("a", 100), a, 1);
        kept.keep("b", capped("b", 100), b, 1);
        assertThat(kept.get("a", columns -> 100)).as("a used: b is now the eldest").isNotNull();
        kept.keep("c", capped("c", 100), c, 1);
        assertThat(kept.size()).isEqualTo(2);
        assertThat(b.isClosed()).isTrue();
        assertThat(a.isClosed()).isFalse();
        assertThat(kept.get("b", columns -> 100)).isNull();
        assertThat(kept.get("c", columns -> 100).statement()).isSameAs(c);
    }

    @Test
    void aStatementWhoseCutNoLongerHoldsIsForgottenAndClosed() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 4);
        PreparedStatement a = prepared("SELECT name FROM hotels");
        kept.keep("a", capped("a", 100), a, 7);
        assertThat(kept.get("a", columns -> 100).schemaVersion()).isEqualTo(7);
        assertThat(kept.get("a", columns -> 50)).isNull();
        assertThat(a.isClosed()).isTrue();
        assertThat(kept.size()).isZero();
    }

    @Test
    void keepingTheSameTextAgainClosesTheStatementItReplaces() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 4);
        PreparedStatement first = prepared("SELECT name FROM hotels");
        PreparedStatement second = prepared("SELECT name FROM hotels");
        kept.keep("a", capped("a", 100), first, 1);
        kept.keep("a", capped("a", 100), second, 2);
        assertThat(first.isClosed()).isTrue();
        assertThat(kept.get("a", columns -> 100).statement()).isSameAs(second);
    }

    @Test
    void withASizeOfZeroNothingIsKeptAndTheStatementIsClosedAtOnce() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 0);
        PreparedStatement a = prepared("SELECT name FROM hotels");
        kept.keep("a", capped("a", 100), a, 1);
        assertThat(kept.keeps()).isFalse();
        assertThat(kept.size()).isZero();
        assertThat(a.isClosed()).isTrue();
    }

    @Test
    void theSchemaVersionChangesWithTheSchemaAndAClosedConnectionIsSeen() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 2);
        int before = kept.schemaVersion();
        assertThat(kept.schemaVersion()).isEqualTo(before);
        db.connection().createStatement().execute("CREATE TABLE rooms (id INTEGER)");
        assertThat(kept.schemaVersion()).isGreaterThan(before);
        assertThat(kept.closed()).isFalse();
        db.connection().close();
        assertThat(kept.closed()).isTrue();
    }
}
