package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.PostgresTenant;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Calls on the PostgreSQL tenant whose sessions the tests inspect (state, kept statements, settings), with the pool's size. */
abstract class StatefulTenantCalls {
    @Inject
    TenantRegistry registry;

    @Inject
    PostgresEngine postgres;

    @ConfigProperty(name = "overtone.executor.pool.max-size")
    int poolSize;

    /** One statement on the stateful tenant, as a call of the service makes it (a plan's wrapper when {@code plan}). */
    QueryResult run(String sql, boolean plan) {
        TenantDatabase stateful = registry.lookup(PostgresTenant.STATEFUL.tenant(), PostgresTenant.STATEFUL.name());
        ExecutionLimits limits = new ExecutionLimits(5_000, System.nanoTime() + 5_000_000_000L, 100, 1_000_000, 100, 65_536, 1_048_576);
        return postgres.execute(stateful, sql, plan, limits).await().atMost(Duration.ofSeconds(10));
    }
}
