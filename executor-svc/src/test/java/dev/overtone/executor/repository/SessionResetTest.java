package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * No session state of one call reaches the next: each kind is taken in call N on a pooled connection
 * and looked for in the calls after it, as many as the pool has connections and more. The tenant's
 * role here may take the state (PostgresTenant.STATEFUL), so what is tested is the reset, not the
 * privileges that refuse the same state to ordinary tenants. The policy is bypassed (the engine is
 * called directly): the reset must hold whatever a statement managed to do.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SessionResetTest {

    @Inject
    TenantRegistry registry;

    @Inject
    PostgresEngine postgres;

    @ConfigProperty(name = "overtone.executor.pool.max-size")
    int poolSize;

    @Test
    void aSessionAdvisoryLockIsReleasedWhenTheCallEnds() throws Exception {
        run("SELECT pg_advisory_lock(4242)");
        // the reset runs just after the call is answered (one pipelined round trip), before its connection
        // serves anyone else
        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = admin.createStatement()) {
            await("the lock taken by the previous call is freed").atMost(Duration.ofSeconds(5))
                    .until(() -> tryLock(st));
            st.execute("SELECT pg_advisory_unlock(4242)");
        }
    }

    private static boolean tryLock(Statement st) throws java.sql.SQLException {
        try (ResultSet rs = st.executeQuery("SELECT pg_try_advisory_lock(4242)")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    @Test
    void aPreparedStatementIsGoneInTheNextCall() {
        run("PREPARE leaked_plan AS SELECT 42");
        for (int call = 0; call < poolSize * 2; call++) {
            assertThatThrownBy(() -> run("EXECUTE leaked_plan")).isInstanceOf(SandboxException.class)
                    .hasMessageContaining("leaked_plan");
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

    @Test
    void aHoldableCursorIsGoneInTheNextCall() {
        run("DECLARE leaked_cursor CURSOR WITH HOLD FOR SELECT 1");
        for (int call = 0; call < poolSize * 2; call++) {
            assertThatThrownBy(() -> run("FETCH leaked_cursor")).isInstanceOf(SandboxException.class)
                    .hasMessageContaining("leaked_cursor");
        }
    }

    private QueryResult run(String sql) {
        return postgres.execute(stateful(), sql, true, limits()).await().atMost(Duration.ofSeconds(10));
    }

    private String text(String sql) {
        return run(sql).rows().get(0).getCells(0).getText();
    }

    private TenantDatabase stateful() {
        return registry.lookup(PostgresTenant.STATEFUL.tenant(), PostgresTenant.STATEFUL.name());
    }

    private static ExecutionLimits limits() {
        return new ExecutionLimits(5_000, System.nanoTime() + 5_000_000_000L, 100, 1_000_000, 100, 65_536, 1_048_576);
    }
}
