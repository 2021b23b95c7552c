package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.TenantDatabase;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A policy that decides without a deadline (a tenant's own, {@link TenantSandboxPolicy}, usually) answers a check with
 * one as it answers one without: the deadline is a bound on its time, never a reason to decide otherwise.
 */
class SandboxPolicyTest {
    private static final TenantDatabase ACME = TenantDatabase.sqlite("acme", "hotels", Path.of("hotels.sqlite"));

    @Test
    void aCheckWithADeadlineIsDecidedAsTheCheckWithout() {
        TenantSandboxPolicy own = new TenantSandboxPolicy() {
            @Override
            public String tenant() {
                return "acme";
            }

            @Override
            public AllowedStatement check(TenantDatabase database, String sql) {
                return new AllowedStatement(sql, sql.contains("ORDER BY"), false);
            }
        };
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);

        assertThat(own.check(ACME, "SELECT name FROM hotels ORDER BY name", deadline))
                .isEqualTo(own.check(ACME, "SELECT name FROM hotels ORDER BY name"))
                .isEqualTo(new AllowedStatement("SELECT name FROM hotels ORDER BY name", true, false));
        assertThat(own.check(ACME, "SELECT 1", 0)).isEqualTo(new AllowedStatement("SELECT 1", false, false));
    }
}
