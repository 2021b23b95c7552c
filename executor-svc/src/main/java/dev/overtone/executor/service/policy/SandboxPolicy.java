package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.TenantDatabase;

/**
 * Decides whether a statement may run on a tenant database (the seam Trino's SystemAccessControl
 * is for access control). An implementation returns the statement that may run, or throws
 * {@link dev.overtone.executor.service.SandboxException}: PERMISSION_DENIED naming the rule, or
 * INVALID_ARGUMENT when the text does not parse. It is the first wall, not the only one: the
 * engines still open read-only connections, roles and transactions.
 */
public interface SandboxPolicy {

    AllowedStatement check(TenantDatabase database, String sql);

    /**
     * As {@link #check(TenantDatabase, String)}, spending no time past {@code deadlineNanos} (a
     * {@link System#nanoTime()} value; 0 for none).
     */
    default AllowedStatement check(TenantDatabase database, String sql, long deadlineNanos) {
        return check(database, sql);
    }
}
