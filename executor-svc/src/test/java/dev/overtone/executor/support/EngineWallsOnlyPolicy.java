package dev.overtone.executor.support;

import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.policy.AllowedStatement;
import dev.overtone.executor.service.policy.TenantSandboxPolicy;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The policy of test tenant {@value #TENANT}: it lets every text through unchanged, so that a test on that
 * tenant exercises the engine's own walls (limits, read-only open, deadlines) and the seam around them
 * (bulkhead, time limits) with nothing in front of them. Its only database is a copy of demo's hotels on
 * SQLite (TenantDatabasesResource).
 */
@ApplicationScoped
public class EngineWallsOnlyPolicy implements TenantSandboxPolicy {
    public static final String TENANT = "walls";

    @Override
    public String tenant() {
        return TENANT;
    }

    @Override
    public AllowedStatement check(TenantDatabase database, String sql) {
        return new AllowedStatement(sql, false, false);
    }
}
