package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgConnection;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The policy counts statements as each engine does, with the engine itself as the second opinion:
 * SQLite runs the text with sqlite3_exec (every statement in turn, as the prepare tail goes) on a
 * scratch database holding a table {@code hotels}, and the text hid a second statement when the
 * table is gone; PostgreSQL parses the text without running it (the extended protocol's Parse,
 * which refuses "multiple commands in a prepared statement"). Every case hides a
 * {@code DROP TABLE hotels} in a place one engine reads as code and the other may not.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class DialectLexingTest {
    private static final List<String> CASES = List.of(
            "SELECT 1 /* /* */ ; DROP TABLE hotels; /* */ */",
            "SELECT 1 /* /* */ */ ; DROP TABLE hotels",
            "SELECT E'\\'; DROP TABLE hotels; --' AS txt",
            "SELECT E'\\\\'; DROP TABLE hotels; --' AS txt",
            "SELECT 'a\\'; DROP TABLE hotels; --'",
            "SELECT 'it''s'; DROP TABLE hotels",
            "SELECT $$ ; DROP TABLE hotels; $$ AS d",
            "SELECT $a$ $$ ; DROP TABLE hotels; $$ $a$ AS d",
            "SELECT $x$ it's $y$ ; DROP TABLE hotels; $x$ AS d",
            "SELECT $1$; DROP TABLE hotels",
            "SELECT 1 -- ; DROP TABLE hotels",
            "SELECT 1 /* ; DROP TABLE hotels; */",
            "SELECT 1 /* unterminated ; DROP TABLE hotels",
            "SELECT '/*'; DROP TABLE hotels; SELECT '*/'",
            "SELECT \"x\"\";DROP TABLE hotels;--\" FROM (SELECT 1 AS \"x\"\";DROP TABLE hotels;--\") t",
            "SELECT [a;DROP TABLE hotels] FROM (SELECT 1 AS [a;DROP TABLE hotels]) t",
            "SELECT `a;DROP TABLE hotels` FROM (SELECT 1 AS `a;DROP TABLE hotels`) t",
            "SELECT U&\"a\\0061\" FROM (SELECT 1 AS aa) t; DROP TABLE hotels",
            "SELECT U&'\\0027; DROP TABLE hotels; --' AS u",
            "SELECT B'0101'; DROP TABLE hotels",
            "SELECT X'41'; DROP TABLE hotels",
            "SELECT N'a'';DROP TABLE hotels;--' AS n",
            "SELECT e'\\\\\\''; DROP TABLE hotels; --' AS txt",
            "SELECT 1;",
            "SELECT 1 ; -- trailing\n",
            "SELECT 1; DROP TABLE hotels",
            "SELECT 1 --\r; DROP TABLE hotels",
            "SELECT 1 /* /*/ ; DROP TABLE hotels; /* */",
            "SELECT $x(') AS p; DROP TABLE hotels; --')",
            "SELECT 1 AS x\u001f; DROP TABLE hotels");

    /** How an engine reads a text; REFUSED: the policy refused it before counting (a bind parameter, a control character). */
    enum Reading { ONE, SEVERAL, UNKNOWN, REFUSED }

    @Inject
    SandboxPolicies policies;

    @Inject
    TenantRegistry registry;

    @Inject
    Vertx vertx;

    @Test
    void thePolicyCountsStatementsAsSqliteDoes() throws Exception {
        assertThePolicyAgreesWith("SQLite", registry.lookup("demo", "hotels"), DialectLexingTest::sqlite);
    }

    @Test
    void thePolicyCountsStatementsAsPostgresqlDoes() throws Exception {
        PgConnection connection = PgConnection.connect(vertx, new PgConnectOptions()
                .setHost(TenantDatabasesResource.postgresHost()).setPort(TenantDatabasesResource.postgresPort())
                .setDatabase(PostgresTenant.DEMO.database()).setUser(TenantDatabasesResource.adminUser())
                .setPassword(TenantDatabasesResource.adminPassword())).await().atMost(Duration.ofSeconds(10));
        try {
            assertThePolicyAgreesWith("PostgreSQL", registry.lookup("demo", "hotels-pg"), sql -> postgres(connection, sql));
        } finally {
            connection.close().await().atMost(Duration.ofSeconds(5));
        }
    }

    /** How the engine itself reads a text. */
    private interface EngineReading {
        Reading of(String sql) throws SQLException;
    }

    /** On every case the engine can judge (at least 15), the policy reads it as the engine does, or refuses it. */
    private void assertThePolicyAgreesWith(String engineName, TenantDatabase database, EngineReading engineReading)
            throws SQLException {
        List<String> disagreements = new ArrayList<>();
        int known = 0;
        for (String sql : CASES) {
            Reading engine = engineReading.of(sql);
            if (engine == Reading.UNKNOWN) {
                continue;
            }
            known++;
            Reading policy = policy(database, sql);
            if (policy != engine && policy != Reading.REFUSED) {
                disagreements.add(engineName + " reads " + engine + ", the policy " + policy + ": " + sql);
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(known).as("cases " + engineName + " could judge").isGreaterThanOrEqualTo(15);
    }

    @Test
    void theReportedCasesAreDecidedAsTheEnginesRead() {
        assertThat(policy(registry.lookup("demo", "hotels"), "SELECT 1 /* /* */ ; DROP TABLE hotels; /* */ */"))
                .isEqualTo(Reading.SEVERAL);
        AllowedStatement allowed = policies.check(registry.lookup("demo", "hotels-pg"),
                "SELECT E'\\'; DROP TABLE hotels; --' AS txt");
        assertThat(allowed.sql()).isEqualTo("SELECT E'\\'; DROP TABLE hotels; --' AS txt");
    }

    @Test
    void aCarriageReturnEndsAPostgresqlLineCommentButNotASqliteOne() {
        String sql = "SELECT name FROM hotels --\r UNION ALL SELECT rolname FROM pg_roles --\n ORDER BY 1";
        assertThatThrownBy(() -> policies.check(registry.lookup("demo", "hotels-pg"), sql))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.rule()).isEqualTo("system-catalog"));
        assertThat(policies.check(registry.lookup("demo", "hotels"), sql).sql())
                .isEqualTo("SELECT name FROM hotels ORDER BY 1");
    }

    @Test
    void aSqliteVariableSwallowsWhatItsParenthesesHoldAndIsRefused() {
        String sql = "SELECT $x(') AS p, file FROM pragma_database_list --') FROM hotels";
        assertThatThrownBy(() -> policies.check(registry.lookup("demo", "hotels"), sql))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.getMessage())
                        .contains("bind parameter $x(')").contains("write the value into the statement"));
    }

    /**
     * SEVERAL when the policy refuses by single-statement, REFUSED when the lexer refused the text
     * before counting, else ONE (allowed or refused for another reason).
     */
    private Reading policy(TenantDatabase database, String sql) {
        try {
            policies.check(database, sql);
            return Reading.ONE;
        } catch (SandboxException e) {
            if (e.getMessage().contains("bind parameter") || e.getMessage().contains("control character")) {
                return Reading.REFUSED;
            }
            return e.rule().equals("single-statement") ? Reading.SEVERAL : Reading.ONE;
        }
    }

    private static Reading sqlite(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:"); Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE hotels (x)");
            boolean failed = false;
            try {
                st.executeUpdate(sql); // sqlite3_exec: each statement in turn, the tail after the first
            } catch (SQLException e) {
                failed = true;
            }
            boolean dropped;
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_schema WHERE name = 'hotels'")) {
                rs.next();
                dropped = rs.getInt(1) == 0;
            }
            if (dropped) {
                return Reading.SEVERAL;
            }
            // an error may have stopped sqlite3_exec before a second statement: then it cannot tell
            return failed ? Reading.UNKNOWN : Reading.ONE;
        }
    }

    private static Reading postgres(PgConnection connection, String sql) {
        try {
            connection.prepare(sql).chain(prepared -> prepared.close()).await().atMost(Duration.ofSeconds(10));
            return Reading.ONE;
        } catch (PgException e) {
            if (e.getErrorMessage() != null && e.getErrorMessage().contains("multiple commands")) {
                return Reading.SEVERAL;
            }
            return Reading.UNKNOWN; // a syntax error in the first statement: the parser stopped there
        }
    }
}
