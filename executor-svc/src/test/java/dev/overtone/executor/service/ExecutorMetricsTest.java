package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The executor's per-tenant counters: what each counts and under which tags, one tenant's never another's. */
class ExecutorMetricsTest {
    private static final TenantDatabase HOTELS = TenantDatabase.sqlite("demo", "hotels", Path.of("hotels.db"));
    private static final TenantDatabase CRM = TenantDatabase.sqlite("other", "crm", Path.of("crm.db"));

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ExecutorMetrics metrics = new ExecutorMetrics(registry);

    @Test
    void aStatementThatRanCountsOnceAndItsRowsByTheirNumberPerDatabase() {
        metrics.ran(HOTELS, 12);
        metrics.ran(HOTELS, 0);
        metrics.ran(CRM, 5);

        assertThat(count("overtone.executor.statements", "demo", "database", "hotels")).isEqualTo(2);
        assertThat(count("overtone.executor.rows", "demo", "database", "hotels")).isEqualTo(12);
        assertThat(count("overtone.executor.rows", "other", "database", "crm")).isEqualTo(5);
    }

    @Test
    void refusalsAreCountedByRuleAndFailuresByCodeTimeoutsByDatabase() {
        metrics.refused(HOTELS, "write");
        metrics.refused(HOTELS, "write");
        metrics.refused(HOTELS, "function");
        metrics.failed(CRM, "SQL_ERROR");
        metrics.timedOut(CRM);

        assertThat(count("overtone.executor.refusals", "demo", "rule", "write")).isEqualTo(2);
        assertThat(count("overtone.executor.refusals", "demo", "rule", "function")).isEqualTo(1);
        assertThat(count("overtone.executor.failures", "other", "code", "SQL_ERROR")).isEqualTo(1);
        assertThat(count("overtone.executor.timeouts", "other", "database", "crm")).isEqualTo(1);
        assertThat(registry.find("overtone.executor.timeouts").tag("tenant", "demo").counter())
                .as("nothing counted for a tenant that had no timeout").isNull();
    }

    private double count(String name, String tenant, String tag, String value) {
        return registry.get(name).tag("tenant", tenant).tag(tag, value).counter().count();
    }
}
