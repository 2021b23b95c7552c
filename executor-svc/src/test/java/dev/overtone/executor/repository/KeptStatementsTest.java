package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.InMemorySqlite;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The statements kept prepared on one real SQLite connection: least recently used closed first, dropped when their cut changes. */
class KeptStatementsTest {
    @RegisterExtension
    final InMemorySqlite db = new InMemorySqlite("CREATE TABLE hotels (name TEXT, city TEXT)");

    /** The cut each statement here is kept and asked for under (one test asks under another). */
    private static final IntUnaryOperator FULL = columns -> 100;

    /** Keeps {@code statement} as the text {@code key} under the {@link #FULL} cut, at {@code schemaVersion}. */
    private static void keep(KeptStatements kept, String key, PreparedStatement statement, int schemaVersion) {
        kept.keep(key, CappedProjection.sqlite(key, List.of("name"), List.of("TEXT"), FULL), statement, schemaVersion);
    }

    private PreparedStatement prepared(String sql) throws SQLException {
        return db.connection().prepareStatement(sql);
    }

    @Test
    void theLeastRecentlyUsedStatementIsClosedWhenOneMoreIsKept() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 2, 4096);
        PreparedStatement a = prepared("SELECT name FROM hotels");
        PreparedStatement b = prepared("SELECT city FROM hotels");
        PreparedStatement c = prepared("SELECT 1");
        keep(kept, "a", a, 1);
        keep(kept, "b", b, 1);
        assertThat(kept.get("a", FULL)).as("a used: b is now the eldest").isNotNull();
        keep(kept, "c", c, 1);
        assertThat(kept.size()).isEqualTo(2);
        assertThat(b.isClosed()).isTrue();
        assertThat(a.isClosed()).isFalse();
        assertThat(kept.get("b", FULL)).isNull();
        assertThat(kept.get("c", FULL).statement()).isSameAs(c);
    }

    @Test
    void aStatementWhoseCutNoLongerHoldsIsForgottenAndClosed() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 4, 4096);
        PreparedStatement a = prepared("SELECT name FROM hotels");
        keep(kept, "a", a, 7);
        assertThat(kept.get("a", FULL).schemaVersion()).isEqualTo(7);
        assertThat(kept.get("a", columns -> 50)).isNull();
        assertThat(a.isClosed()).isTrue();
        assertThat(kept.size()).isZero();
    }

    @Test
    void keepingTheSameTextAgainClosesTheStatementItReplaces() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 4, 4096);
        PreparedStatement first = prepared("SELECT name FROM hotels");
        PreparedStatement second = prepared("SELECT name FROM hotels");
        keep(kept, "a", first, 1);
        keep(kept, "a", second, 2);
        assertThat(first.isClosed()).isTrue();
        assertThat(kept.get("a", FULL).statement()).isSameAs(second);
    }

    @Test
    void withASizeOfZeroNothingIsKeptAndTheStatementIsClosedAtOnce() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 0, 4096);
        PreparedStatement a = prepared("SELECT name FROM hotels");
        keep(kept, "a", a, 1);
        assertThat(kept.keeps("a")).isFalse();
        assertThat(kept.size()).isZero();
        assertThat(a.isClosed()).isTrue();
    }

    @Test
    void aTextLongerThanTheRememberedLengthIsNotKept() {
        KeptStatements kept = new KeptStatements(db.connection(), 4, "SELECT 1".length());
        assertThat(kept.keeps("SELECT 1")).isTrue();
        assertThat(kept.keeps("SELECT 10")).isFalse();
    }

    @Test
    void theSchemaVersionChangesWithTheSchemaAndAClosedConnectionIsSeen() throws SQLException {
        KeptStatements kept = new KeptStatements(db.connection(), 2, 4096);
        int before = kept.schemaVersion();
        assertThat(kept.schemaVersion()).isEqualTo(before);
        db.connection().createStatement().execute("CREATE TABLE rooms (id INTEGER)");
        assertThat(kept.schemaVersion()).isGreaterThan(before);
        assertThat(kept.closed()).isFalse();
        db.connection().close();
        assertThat(kept.closed()).isTrue();
    }
}
