package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import io.smallrye.mutiny.Multi;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Supplier;

/**
 * Several statements of one database in one call, each through {@link StatementExecution} as Execute
 * runs it: a statement's failure is its own outcome, never the batch's. At most the tenant's bulkhead
 * limit of a batch's statements are in flight at once, so one batch cannot fill the bulkhead's queue.
 */
@ApplicationScoped
public class StatementBatch {
    private final StatementExecution execution;
    private final TenantRegistry registry;
    private final int maxStatements;
    private final int inFlight;

    /** One statement's outcome: a result, or the failure Execute would have answered. */
    public record Outcome(ExecutionOutcome result, Throwable failure) {
    }

    /** A statement's outcome with its position in the batch, from 0. */
    public record Finished(int statement, Outcome outcome) {
    }

    public StatementBatch(StatementExecution execution, TenantRegistry registry, ExecutorConfig config) {
        this.execution = execution;
        this.registry = registry;
        this.maxStatements = config.batch().maxStatements();
        this.inFlight = config.bulkhead().maxConcurrent();
    }

    /**
     * Runs {@code sqls}, side by side, and emits each outcome as its statement finishes. {@code limits} is asked for
     * each statement as it starts, so that what is left of the call's deadline caps it then. A malformed batch or an
     * unknown tenant or database fails before any outcome.
     */
    public Multi<Finished> stream(String tenant, String database, List<String> sqls, Supplier<RequestedLimits> limits) {
        return Multi.createFrom().deferred(() -> {
            if (sqls.isEmpty()) {
                throw SandboxException.invalid("sqls is empty: send at least one statement");
            }
            if (sqls.size() > maxStatements) {
                throw SandboxException.invalid("a batch may carry at most " + maxStatements + " statements "
                        + "(overtone.executor.batch.max-statements), got " + sqls.size() + "; split it");
            }
            registry.lookup(tenant, database); // an unknown tenant or database fails the call, not each statement
            return Multi.createFrom().range(0, sqls.size())
                    .onItem().transformToUni(i -> execution.execute(tenant, database, sqls.get(i), limits.get())
                            .map(result -> new Finished(i, new Outcome(result, null)))
                            .onFailure().recoverWithItem(failure -> new Finished(i, new Outcome(null, failure))))
                    .merge(inFlight);
        });
    }
}
