package dev.overtone.executor.repository;

import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.CallLimits;
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
        TenantDatabase stateful = PostgresTenant.STATEFUL.in(registry);
        return postgres.execute(stateful, sql, plan, CallLimits.ordinary()).await().atMost(Duration.ofSeconds(10));
    }
}
