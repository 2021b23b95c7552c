package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.Status;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sqlite.SQLiteConfig;

/** SQLite's failures as the caller reads them: each primary result code a status, with a message that says what to do. */
class SqliteErrorsTest {
    private static final TenantDatabase DATABASE = TenantDatabase.sqlite("acme", "shop", Path.of("shop.sqlite"));
    private static final SqliteConnectionLimits CONNECTION_LIMITS = new SqliteConnectionLimits(ConfigStub.of(
            ExecutorConfig.Sqlite.class, Map.of("maxLength", 1000, "likePatternLength", 20, "exprDepth", 30,
                    "compoundSelect", 5, "functionArgs", 4, "sqlLength", 2000)));

    @TempDir
    Path dir;

    private static ExecutionLimits limitsEndingIn(long millis) {
        return new ExecutionLimits(millis, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis), 100, 1000, 10, 100, 100);
    }

    private static SandboxException translated(SQLException e, ExecutionLimits limits) {
        return SqliteErrors.translate(DATABASE, e, limits, CONNECTION_LIMITS);
    }

    /** What {@code sql} fails with on a real SQLite database, opened read-only when {@code readOnly}. */
    private SQLException failureOf(String sql, boolean readOnly) throws SQLException {
        String url = "jdbc:sqlite:" + dir.resolve("shop.sqlite");
        try (Connection create = new SQLiteConfig().createConnection(url); Statement st = create.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS items (name TEXT)");
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(readOnly);
        try (Connection c = config.createConnection(url); Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            return e;
        }
        throw new AssertionError("SQLite ran " + sql);
    }

    @Test
    void aStatementSqliteRejectsIsAnInvalidArgumentWithSqlitesOwnWordsWithoutTheDriversPrefix() throws SQLException {
        SandboxException e = translated(failureOf("SELECT nme FROM items", false), limitsEndingIn(60_000));

        assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getMessage()).isEqualTo("SQLite rejected the statement: (no such column: nme)");
    }

    @Test
    void aWriteOnAReadOnlyDatabaseIsDeniedByTheEngineRule() throws SQLException {
        SandboxException e = translated(failureOf("INSERT INTO items VALUES ('x')", true), limitsEndingIn(60_000));

        assertThat(e.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(e.rule()).isEqualTo("engine-read-only");
        assertThat(e.getMessage()).contains("SQLite refused to write or to authorize: [SQLITE_READONLY]");
    }

    @Test
    void aRefusalForAConnectionLimitNamesTheLimitRatherThanARejectedStatement() throws SQLException {
        SandboxException e = translated(new SQLException("[SQLITE_TOOBIG] String or BLOB exceeds size limit", null, 18),
                limitsEndingIn(60_000));

        assertThat(e.getMessage()).doesNotStartWith("SQLite rejected").contains("overtone.executor.sqlite.max-length");
    }

    @Test
    void anInterruptedStatementIsADeadlineNamingTheDatabaseAndItsLimit() {
        SandboxException e = translated(new SQLException("[SQLITE_INTERRUPT] interrupted", null, 9), limitsEndingIn(60_000));

        assertThat(e.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(e.getMessage()).isEqualTo("the statement on acme/shop ran past its time limit of 60000 ms and was interrupted");
    }

    @Test
    void anyFailureOnceTheLimitHasPassedIsTheDeadline() {
        SandboxException e = translated(new SQLException("[SQLITE_ERROR] no such column: x", null, 1), limitsEndingIn(0));

        assertThat(e.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    }

    @ParameterizedTest(name = "SQLite code {0} -> {1}")
    @CsvSource({
            "5, UNAVAILABLE, 'is not usable now: '", // SQLITE_BUSY
            "6, UNAVAILABLE, 'is not usable now: '", // SQLITE_LOCKED
            "11, UNAVAILABLE, 'is not usable now: '", // SQLITE_CORRUPT
            "14, UNAVAILABLE, 'is not usable now: '", // SQLITE_CANTOPEN
            "7, RESOURCE_EXHAUSTED, 'SQLite ran out of memory: '", // SQLITE_NOMEM
            "23, PERMISSION_DENIED, 'SQLite refused to write or to authorize: '"}) // SQLITE_AUTH
    void eachResultCodeIsTheStatusACallerCanActOn(int code, Status.Code status, String says) {
        // an extended code carries its primary code in the low byte: SQLITE_BUSY_SNAPSHOT is 5 | 2 << 8
        SandboxException e = translated(new SQLException("engine text", null, code | 2 << 8), limitsEndingIn(60_000));

        assertThat(e.code()).isEqualTo(status);
        assertThat(e.getMessage()).contains(says + "engine text");
        if (status == Status.Code.UNAVAILABLE || status == Status.Code.RESOURCE_EXHAUSTED) {
            assertThat(e.getMessage()).as("tells the caller what to do").contains("retry later");
        }
    }
}
