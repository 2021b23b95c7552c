package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.service.ExecutionLimits;
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
import org.junit.jupiter.api.Test;

/**
 * The reset after a call whose statements all returned rows (read through the capped wrapper, not as a plan) leaves
 * out only the count of prepared statements: the state such a statement can take through a function and that its
 * ROLLBACK does not undo, a session advisory lock, is gone as after any call (a setting it made is undone by the
 * ROLLBACK itself). As in SessionResetTest the policy is bypassed and the role may take the lock.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class RowsOnlyResetTest {
    @Inject
    TenantRegistry registry;

    @Inject
    PostgresEngine postgres;

    @Test
    void aSessionAdvisoryLockTakenByARowReturningStatementIsReleased() throws Exception {
        read("SELECT pg_advisory_lock(4343)::text AS taken");
        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = admin.createStatement()) {
            await("the lock taken by the previous call is freed").atMost(Duration.ofSeconds(5)).until(() -> {
                try (ResultSet rs = st.executeQuery("SELECT pg_try_advisory_lock(4343)")) {
                    rs.next();
                    return rs.getBoolean(1);
                }
            });
            st.execute("SELECT pg_advisory_unlock(4343)");
        }
    }

    private String read(String sql) {
        TenantDatabase lab = registry.lookup(PostgresTenant.STATEFUL.tenant(), PostgresTenant.STATEFUL.name());
        ExecutionLimits limits = new ExecutionLimits(5_000, System.nanoTime() + 5_000_000_000L, 100, 1_000_000, 100,
                65_536, 1_048_576);
        return postgres.execute(lab, sql, false, limits).await().atMost(Duration.ofSeconds(10)).rows().get(0)
                .getCells(0).getText();
    }
}
