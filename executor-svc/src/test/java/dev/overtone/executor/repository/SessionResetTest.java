package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No session state of one call reaches the next: each kind is taken in call N on a pooled connection
 * and looked for in the calls after it, as many as the pool has connections and more. The tenant's
 * role here may take the state (PostgresTenant.STATEFUL), so what is tested is the reset, not the
 * privileges that refuse the same state to ordinary tenants. The policy is bypassed (the engine is
 * called directly): the reset must hold whatever a statement managed to do. The statements the engine keeps
 * prepared on its connections are the one thing the reset leaves, and nothing a caller does to them reaches a later
 * call.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SessionResetTest extends StatefulTenantCalls {
    private static final String NAMES = "SELECT name FROM hotels ORDER BY name";
    private static final String KEPT_WRAPPERS = "SELECT count(*) FROM pg_catalog.pg_prepared_statements"
            + " WHERE NOT from_sql AND statement LIKE '%overtone_capped%hotels ORDER BY name%'"
            + " AND statement NOT LIKE '%pg_prepared_statements%'"; // not this statement itself

    @Test
    void aSessionAdvisoryLockIsReleasedWhenTheCallEnds() throws Exception {
        run("SELECT pg_advisory_lock(4242)");
        // the reset runs just after the call is answered (one pipelined round trip), before its connection
        // serves anyone else
        awaitLockFreed(4242);
    }

    /**
     * The same after a call read through the capped wrapper, whose reset does not count the prepared statements
     * (SessionReset.AFTER_ROWS): the lock is the one state such a statement takes that its ROLLBACK does not undo.
     */
    @Test
    void aSessionAdvisoryLockTakenByARowReturningStatementIsReleasedWhenTheCallEnds() throws Exception {
        run("SELECT pg_advisory_lock(4343)::text AS taken", false);
        awaitLockFreed(4343);
    }

    /**
     * The stateful tenant's role may take a session lock, so its pool's check (SessionLocks) finds it possible and the
     * reset after rows keeps its unlock; the walled tenant's pool finds every way to a lock refused (its reset is the
     * ROLLBACK alone) and the lock is indeed refused.
     */
    @Test
    void aPoolWhoseRoleMayTakeASessionLockKeepsTheUnlockAndAWalledOneIsRefusedTheLock() throws Exception {
        TenantDatabase demo = PostgresTenant.DEMO.in(registry);
        TenantDatabase stateful = PostgresTenant.STATEFUL.in(registry);
        await("both pools checked").atMost(Duration.ofSeconds(5)).until(() -> postgres.sessionLocks(demo)
                != SessionLocks.Answer.NOT_YET && postgres.sessionLocks(stateful) != SessionLocks.Answer.NOT_YET);
        assertThat(postgres.sessionLocks(stateful)).isEqualTo(SessionLocks.Answer.POSSIBLE);
        assertThat(postgres.sessionLocks(demo)).isEqualTo(SessionLocks.Answer.REFUSED);

        run("SELECT pg_advisory_lock(4444)::text AS taken", false);
        awaitLockFreed(4444);
        assertThatThrownBy(() -> postgres.execute(demo, "SELECT pg_advisory_lock(4445)::text AS taken", false,
                CallLimits.ordinary())
                .await().atMost(Duration.ofSeconds(10))).isInstanceOf(SandboxException.class)
                .hasMessageContaining("pg_advisory_lock");
    }

    private static void awaitLockFreed(int key) throws java.sql.SQLException {
        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = admin.createStatement()) {
            await("the lock taken by the previous call is freed").atMost(Duration.ofSeconds(5))
                    .until(() -> tryLock(st, key));
            st.execute("SELECT pg_advisory_unlock(" + key + ")");
        }
    }

    private static boolean tryLock(Statement st, int key) throws java.sql.SQLException {
        try (ResultSet rs = st.executeQuery("SELECT pg_try_advisory_lock(" + key + ")")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    /** A named session object one call leaves behind: the next calls, on any pooled connection, cannot use it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "PREPARE leaked_plan AS SELECT 42                   | EXECUTE leaked_plan | leaked_plan",
            "DECLARE leaked_cursor CURSOR WITH HOLD FOR SELECT 1 | FETCH leaked_cursor | leaked_cursor"})
    void aNamedSessionObjectIsGoneInTheNextCall(String create, String use, String name) {
        run(create);
        for (int call = 0; call < poolSize * 2; call++) {
            assertThatThrownBy(() -> run(use)).isInstanceOf(SandboxException.class).hasMessageContaining(name);
        }
    }

    /**
     * Defence in depth: no one statement can commit the transaction its call runs in, so a holdable cursor made by a
     * call dies with the call's ROLLBACK (above). Should one ever outlive it, the reset's own CLOSE ALL ends it: here
     * the cursor is made outside any transaction, on a session of its own, and the reset's query is run as it is.
     */
    @Test
    void theResetItselfClosesAHoldableCursorThatOutlivedItsTransaction() throws Exception {
        try (Connection session = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = session.createStatement()) {
            st.execute("DECLARE outlived CURSOR WITH HOLD FOR SELECT 1");
            st.execute("FETCH outlived"); // it is there

            st.execute(SessionReset.LIGHT);

            assertThatThrownBy(() -> st.execute("FETCH outlived")).hasMessageContaining("\"outlived\" does not exist");
        }
    }

    @Test
    void aListenRegistrationIsGoneInTheNextCall() {
        try {
            run("LISTEN leaked_channel");
        } catch (SandboxException refusedInARollback) {
            // refused is as good as gone; the check below holds either way
        }
        for (int call = 0; call < poolSize * 2; call++) {
            assertThat(text("SELECT count(*) FROM pg_listening_channels()")).isEqualTo("0");
        }
    }

    @Test
    void aSessionSettingIsGoneInTheNextCall() {
        String before = text("SELECT current_setting('DateStyle')");
        run("SELECT set_config('DateStyle', 'SQL, DMY', false)");
        for (int call = 0; call < poolSize * 2; call++) {
            assertThat(text("SELECT current_setting('DateStyle')")).isEqualTo(before);
        }
    }

    /**
     * The same set by a statement that returns rows (read through the capped wrapper), whose reset leaves the setting
     * to the call's ROLLBACK (SessionReset.AFTER_ROWS).
     */
    @Test
    void aSessionSettingMadeByARowReturningStatementIsGoneInTheNextCall() {
        String before = text("SELECT current_setting('DateStyle')");
        run("SELECT set_config('DateStyle', 'SQL, DMY', false) AS style", false);
        for (int call = 0; call < poolSize * 2; call++) {
            assertThat(run("SELECT current_setting('DateStyle') AS style", false).rows().get(0).getCells(0).getText())
                    .isEqualTo(before);
        }
    }

    @Test
    void aRepeatedStatementsWrapperStaysPreparedOnItsConnectionAfterTheReset() {
        // which pooled connection a check gets is the pool's choice (a connection is lent again only after its reset,
        // which now runs after the caller has its result, so one statement then one check can alternate between two
        // connections for ever): the statement runs as many times as the pool has connections before each check, and
        // checks go on, within a bound, until one lands on a connection that ran it before; no check may ever see it
        // prepared twice
        List<String> seen = new ArrayList<>();
        for (int check = 0; check < poolSize * 20 && !seen.contains("1"); check++) {
            for (int call = 0; call < poolSize; call++) {
                run(NAMES, false);
            }
            seen.add(run(KEPT_WRAPPERS, true).rows().get(0).getCells(0).getText());
        }
        assertThat(seen).as("the wrapper, kept by an earlier call on the connection, is still on the server")
                .contains("1").doesNotContain("2");
    }

    @Test
    void aCallerThatDeallocatesTheKeptStatementsBreaksNoLaterCall() {
        List<String> expected = names(run(NAMES, false));
        for (int call = 0; call < poolSize * 2; call++) {
            run(NAMES, false);
        }
        for (int call = 0; call < poolSize * 2; call++) {
            run("DEALLOCATE ALL", true);
            assertThat(names(run(NAMES, false))).as("call %d after a DEALLOCATE ALL", call).isEqualTo(expected);
        }
    }

    private static List<String> names(QueryResult result) {
        return result.rows().stream().map(row -> row.getCells(0).getText()).toList();
    }

    private QueryResult run(String sql) {
        return run(sql, true);
    }

    private String text(String sql) {
        return run(sql).rows().get(0).getCells(0).getText();
    }
}
