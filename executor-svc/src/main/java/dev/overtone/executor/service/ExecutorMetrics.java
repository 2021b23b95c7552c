package dev.overtone.executor.service;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Per-tenant counters. Tenant tags only ever hold registered tenant names (lookups happen first),
 * so a caller cannot blow up the metric cardinality with invented names.
 */
@ApplicationScoped
public class ExecutorMetrics {
    private final MeterRegistry registry;

    public ExecutorMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void ran(TenantDatabase database, long rows) {
        registry.counter("overtone.executor.statements", "tenant", database.tenant(), "database", database.name())
                .increment();
        registry.counter("overtone.executor.rows", "tenant", database.tenant(), "database", database.name())
                .increment(rows);
    }

    public void refused(TenantDatabase database, String rule) {
        registry.counter("overtone.executor.refusals", "tenant", database.tenant(), "rule", rule).increment();
    }

    public void timedOut(TenantDatabase database) {
        registry.counter("overtone.executor.timeouts", "tenant", database.tenant(), "database", database.name())
                .increment();
    }

    public void failed(TenantDatabase database, String code) {
        registry.counter("overtone.executor.failures", "tenant", database.tenant(), "code", code).increment();
    }
}
