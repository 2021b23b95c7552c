package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/**
 * The connections to a tenant's SQLite file, on a real file: opened read-only and query-only, lent again when given
 * back reusable and closed when not, and a file that cannot be opened said as unavailable, naming the database.
 */
class SqliteConnectionsTest {
    private static final ExecutorConfig CONFIG = ConfigStub.of(ExecutorConfig.class, Map.of(
            "sqlite", ConfigStub.of(ExecutorConfig.Sqlite.class, Map.of("maxLength", 1_000_000, "likePatternLength", 100,
                    "exprDepth", 1000, "compoundSelect", 500, "functionArgs", 100, "sqlLength", 1_000_000,
                    "progressSteps", 1000, "maxIdleConnections", 4, "preparedPerConnection", 2)),
            "bulkhead", ConfigStub.of(ExecutorConfig.Bulkhead.class, Map.of("maxConcurrent", 2)),
            "maxRememberedLength", 4096));

    @TempDir
    Path folder;

    private final SqliteConnections connections = new SqliteConnections(CONFIG);
    private Path file;
    private TenantDatabase database;

    @BeforeEach
    void createTheFile() throws SQLException {
        file = folder.resolve("hotels.db");
        database = TenantDatabase.sqlite("demo", "hotels", file);
        try (Connection writer = new SQLiteConfig().createConnection("jdbc:sqlite:" + file);
                Statement st = writer.createStatement()) {
            st.execute("CREATE TABLE hotels (id INTEGER PRIMARY KEY, name TEXT)");
            st.execute("INSERT INTO hotels VALUES (1, 'Seaview')");
        }
    }

    @AfterEach
    void closeAll() {
        connections.closeAll();
    }

    private static long number(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rows = st.executeQuery(sql)) {
            return rows.getLong(1);
        }
    }

    @Test
    void aConnectionReadsTheFileQueryOnlyAndCannotWriteIt() throws SQLException {
        try (Connection connection = connections.borrow(database, file)) {
            assertThat(number(connection, "SELECT count(*) FROM hotels")).isEqualTo(1);
            assertThat(number(connection, "PRAGMA query_only")).isEqualTo(1);
            assertThatThrownBy(() -> connection.createStatement().execute("INSERT INTO hotels VALUES (2, 'Harbour')"))
                    .isInstanceOf(SQLException.class);
            assertThat(number(connection, "SELECT count(*) FROM hotels")).isEqualTo(1);
        }
    }

    @Test
    void aConnectionGivenBackReusableIsLentAgainAndOneGivenBackSpentIsClosed() throws SQLException {
        Connection first = connections.borrow(database, file);
        connections.giveBack(file, first, true);
        assertThat(connections.idleConnections()).isEqualTo(1);

        Connection again = connections.borrow(database, file);
        assertThat(again).isSameAs(first);
        assertThat(connections.keptOn(again)).isSameAs(connections.keptOn(first));

        connections.giveBack(file, again, false);
        assertThat(again.isClosed()).isTrue();
        assertThat(connections.idleConnections()).isZero();
        try (Connection fresh = connections.borrow(database, file)) {
            assertThat(fresh).isNotSameAs(first);
        }
    }

    @Test
    void aMissingFileOrAPathSQLiteWouldReadAsOptionsIsUnavailableNamingTheDatabase() throws IOException {
        assertThatThrownBy(() -> connections.borrow(database, folder.resolve("gone.db")))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(e).hasMessageStartingWith("the SQLite file of demo/hotels is missing or unreadable");
                });
        Path odd = Files.copy(file, folder.resolve("hotels.db?mode=rw"));
        assertThatThrownBy(() -> connections.borrow(database, odd)).isInstanceOfSatisfying(SandboxException.class, e -> {
            assertThat(e.code()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(e).hasMessageStartingWith("the SQLite path of demo/hotels contains '?' or '#'");
        });
    }
}
