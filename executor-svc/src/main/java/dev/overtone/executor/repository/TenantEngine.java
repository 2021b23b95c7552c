package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.List;

/** One engine's access to tenant databases: read-only statements, introspection and a reachability probe. */
public interface TenantEngine {

    /**
     * Runs a statement the policy allowed, within the limits; fails with a SandboxException. Cells are
     * cut by the engine before the executor reads them; a {@code plan} (EXPLAIN) runs as it is.
     */
    Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits);

    /** {@link #execute(TenantDatabase, String, boolean, ExecutionLimits)} of a query. */
    default Uni<QueryResult> execute(TenantDatabase database, String sql, ExecutionLimits limits) {
        return execute(database, sql, false, limits);
    }

    /** Tables of the tenant's own schema with columns, keys, row counts and up to {@code samples} values per column. */
    Uni<List<Table>> describe(TenantDatabase database, int samples, int sampleScanRows, Duration timeout);

    /** Completes when the database answers, fails with UNAVAILABLE otherwise. */
    Uni<Void> ping(TenantDatabase database, Duration timeout);
}
