package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.repository.QueryResult;
import dev.overtone.executor.service.policy.AllowedStatement;
import dev.overtone.executor.service.policy.SandboxPolicies;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * The one seam every statement passes (as jOOQ's execute listeners): tenant lookup, policy,
 * limits, bulkhead, engine, fingerprint, metrics and the audit log line.
 */
@ApplicationScoped
public class StatementExecution {
    private static final Logger AUDIT = Logger.getLogger("dev.overtone.executor.audit");

    private final TenantRegistry registry;
    private final SandboxPolicies policies;
    private final TenantEngines engines;
    private final TenantBulkhead bulkhead;
    private final ExecutorMetrics metrics;
    private final ExecutorConfig.Limits limits;

    public StatementExecution(TenantRegistry registry, SandboxPolicies policies, TenantEngines engines,
            TenantBulkhead bulkhead, ExecutorMetrics metrics, ExecutorConfig config) {
        this.registry = registry;
        this.policies = policies;
        this.engines = engines;
        this.bulkhead = bulkhead;
        this.metrics = metrics;
        this.limits = config.limits();
    }

    public Uni<ExecutionOutcome> execute(String tenant, String databaseName, String sql, RequestedLimits requested) {
        return Uni.createFrom().deferred(() -> {
            long start = System.nanoTime();
            TenantDatabase database = registry.lookup(tenant, databaseName);
            ExecutionLimits effective;
            try {
                effective = effectiveLimits(requested, start);
            } catch (SandboxException e) {
                record(database, e, sql);
                throw e;
            }
            // the policy runs inside the tenant's slot: one tenant's expensive statements wait for its own
            // slots instead of taking the parser from the others
            return bulkhead.run(database.tenant(), effective.deadlineNanos(),
                    () -> Uni.createFrom().item(() -> policies.check(database, sql, effective.deadlineNanos()))
                            .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                            .chain(allowed -> engines.engineFor(database)
                                    .execute(database, allowed.sql(), allowed.explain(), effective)
                                    .map(result -> new Ran(allowed, result))))
                    .ifNoItem().after(effective.callerWait()).failWith(() -> SandboxException.deadline(
                            "the statement on " + database.key() + " ran past its time limit of "
                                    + effective.timeoutMillis() + " ms; the engine is stopping it"))
                    .map(ran -> {
                        QueryResult result = ran.result();
                        AllowedStatement allowed = ran.allowed();
                        metrics.ran(database, result.rows().size());
                        AUDIT.debugf("ran on %s: %d rows%s in %d us", database.key(), result.rows().size(),
                                result.truncated() ? " (truncated)" : "", result.elapsedMicros());
                        return new ExecutionOutcome(result, Fingerprint.of(result.rows(), allowed.ordered()),
                                allowed.ordered());
                    })
                    .onFailure(SandboxException.class).invoke(e -> record(database, (SandboxException) e, sql));
        });
    }

    /** What the policy allowed and what the engine returned for it. */
    private record Ran(AllowedStatement allowed, QueryResult result) {
    }

    private void record(TenantDatabase database, SandboxException e, String sql) {
        if (!e.rule().isEmpty()) {
            metrics.refused(database, e.rule());
        } else if (e.code() == Status.Code.DEADLINE_EXCEEDED) {
            metrics.timedOut(database);
        } else {
            metrics.failed(database, e.code().name());
        }
        AUDIT.infof("refused or failed on %s: %s %s (sql %d chars)", database.key(), e.code(), e.getMessage(),
                sql == null ? 0 : sql.length());
    }

    /** The caller's limits, defaulted, capped by the server maxima and by the gRPC deadline. */
    ExecutionLimits effectiveLimits(RequestedLimits requested, long startNanos) {
        long timeout = capped("timeout_ms", requested.timeoutMillis().isPresent()
                ? requested.timeoutMillis().getAsLong() : limits.defaultTimeout().toMillis(),
                limits.maxTimeout().toMillis());
        if (requested.deadlineRemainingMillis().isPresent()) {
            long remaining = requested.deadlineRemainingMillis().getAsLong();
            if (remaining <= 0) {
                throw SandboxException.deadline("the call's deadline had already passed when it arrived");
            }
            timeout = Math.min(timeout, remaining);
        }
        int rows = (int) capped("max_rows", requested.maxRows().isPresent() ? requested.maxRows().getAsInt()
                : limits.defaultMaxRows(), limits.maxRows());
        long bytes = capped("max_bytes", requested.maxBytes().isPresent() ? requested.maxBytes().getAsLong()
                : limits.defaultMaxBytes(), limits.maxBytes());
        int columns = (int) capped("max_columns", requested.maxColumns().isPresent()
                ? requested.maxColumns().getAsInt() : limits.defaultMaxColumns(), limits.maxColumns());
        return new ExecutionLimits(timeout, startNanos + timeout * 1_000_000L, rows, bytes, columns,
                limits.maxCellBytes(), limits.maxRowBytes(), requested.held());
    }

    private static long capped(String name, long value, long max) {
        if (value <= 0) {
            throw SandboxException.invalid("limits." + name + " must be positive, got " + value);
        }
        return Math.min(value, max);
    }
}
