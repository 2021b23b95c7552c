package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.support.InMemorySqlite;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.Status;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sqlite.SQLiteConnection;

/** The limits set on a real SQLite connection, and SQLite's own refusals turned into messages naming the setting. */
class SqliteConnectionLimitsTest {
    private final SqliteConnectionLimits limits = new SqliteConnectionLimits(ConfigStub.of(ExecutorConfig.Sqlite.class,
            Map.of("maxLength", 1000, "likePatternLength", 20, "exprDepth", 30, "compoundSelect", 5,
                    "functionArgs", 4, "sqlLength", 2000)));
    @RegisterExtension
    final InMemorySqlite db = new InMemorySqlite();

    @BeforeEach
    void applyTheLimits() throws SQLException {
        limits.apply(db.connection().unwrap(SQLiteConnection.class));
    }

    /** What the engine answers for {@code sql}: SQLite's error, as SqliteErrors hands it over. */
    private SandboxException refusalOf(String sql) {
        try (Statement st = db.connection().createStatement()) {
            st.executeQuery(sql).next();
        } catch (SQLException e) {
            String message = e.getMessage().replace("[SQLITE_ERROR] SQL error or missing database ", "");
            return limits.refusal(e.getErrorCode() & 0xff, message)
                    .orElseThrow(() -> new AssertionError("not a limit's refusal: " + e.getMessage()));
        }
        throw new AssertionError(sql + " ran");
    }

    @Test
    void aValuePastMaxLengthIsResourceExhaustedNamingTheSetting() {
        SandboxException refusal = refusalOf("SELECT zeroblob(1001)");
        assertThat(refusal.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refusal).hasMessageStartingWith("a value grew past overtone.executor.sqlite.max-length (1000 bytes)");
        assertThatCode(() -> db.connection().createStatement().executeQuery("SELECT zeroblob(1000)").next()).doesNotThrowAnyException();
    }

    @Test
    void aLongLikePatternIsResourceExhaustedNamingTheSetting() {
        SandboxException refusal = refusalOf("SELECT 'a' LIKE '" + "a".repeat(21) + "'");
        assertThat(refusal.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refusal).hasMessageContaining("overtone.executor.sqlite.like-pattern-length (20 bytes)");
    }

    @Test
    void theShapeOfTheTextIsAnInvalidArgumentNamingTheSetting() {
        assertThat(refusalOf("SELECT " + "1 + ".repeat(40) + "1"))
                .satisfies(r -> assertThat(r.code()).isEqualTo(Status.Code.INVALID_ARGUMENT))
                .hasMessageContaining("overtone.executor.sqlite.expr-depth (30)");
        assertThat(refusalOf(String.join(" UNION ALL ", Collections.nCopies(6, "SELECT 1"))))
                .hasMessageContaining("overtone.executor.sqlite.compound-select (5)");
        assertThat(refusalOf("SELECT max(1, 2, 3, 4, 5)")).hasMessageContaining("overtone.executor.sqlite.function-args (4)");
        assertThat(refusalOf("SELECT '" + "x".repeat(2000) + "'"))
                .satisfies(r -> assertThat(r.code()).isEqualTo(Status.Code.INVALID_ARGUMENT))
                .hasMessageContaining("overtone.executor.sqlite.sql-length (2000 bytes");
    }

    @Test
    void noDatabaseMayBeAttached() {
        assertThatThrownBy(() -> db.connection().createStatement().execute("ATTACH DATABASE ':memory:' AS other"))
                .isInstanceOf(SQLException.class).hasMessageContaining("too many attached databases");
    }

    @Test
    void anyOtherErrorIsNotALimitsRefusal() {
        assertThat(limits.refusal(1, "no such table: hotels")).isEmpty();
    }
}
