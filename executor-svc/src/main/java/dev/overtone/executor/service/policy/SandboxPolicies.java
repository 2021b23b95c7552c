package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import io.grpc.Status;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses the policy for a database (the tenant's own when one is declared, else the engine's
 * default) and remembers its decisions: a decision depends only on the database and the text, and
 * parsing is the largest part of the executor's own overhead, while callers repeat statements
 * (the interpreter re-executes readings, the CLI replays files).
 */
@ApplicationScoped
public class SandboxPolicies {
    private final Map<EngineKind, SandboxPolicy> defaults = new EnumMap<>(EngineKind.class);
    private final Map<String, SandboxPolicy> perTenant = new HashMap<>();
    private final Map<String, Object> decisions = new ConcurrentHashMap<>();
    private final int cacheSize;
    private final int maxRememberedLength;

    public SandboxPolicies(ExecutorConfig config, Instance<TenantSandboxPolicy> tenantPolicies) {
        ExecutorConfig.Policy policy = config.policy();
        defaults.put(EngineKind.POSTGRESQL, new ReadOnlyPolicy(EngineKind.POSTGRESQL, policy));
        defaults.put(EngineKind.SQLITE, new ReadOnlyPolicy(EngineKind.SQLITE, policy));
        tenantPolicies.forEach(p -> perTenant.put(p.tenant(), p));
        this.cacheSize = policy.decisionCacheSize();
        this.maxRememberedLength = config.maxRememberedLength();
    }

    /** The policy's decision for this text on this database: the allowed statement, or the refusal thrown. */
    public AllowedStatement check(TenantDatabase database, String sql) {
        return check(database, sql, 0);
    }

    /**
     * As {@link #check(TenantDatabase, String)}, within the call's time limit ({@code deadlineNanos}, a
     * {@link System#nanoTime()} value; 0 for none). A check the time limit or a full parser pool cut short
     * is not remembered: it says nothing about the text.
     */
    public AllowedStatement check(TenantDatabase database, String sql, long deadlineNanos) {
        if (cacheSize <= 0 || sql == null || sql.length() > maxRememberedLength) {
            return policyFor(database).check(database, sql, deadlineNanos);
        }
        String key = database.key() + '\u0000' + database.engine() + '\u0000' + sql;
        Object decision = decisions.get(key);
        if (decision == null) {
            try {
                decision = policyFor(database).check(database, sql, deadlineNanos);
            } catch (SandboxException e) {
                if (e.code() == Status.Code.DEADLINE_EXCEEDED || e.code() == Status.Code.RESOURCE_EXHAUSTED) {
                    throw e;
                }
                decision = e;
            }
            if (decisions.size() >= cacheSize) {
                decisions.clear(); // crude but bounded; a hot set refills at once
            }
            decisions.put(key, decision);
        }
        if (decision instanceof SandboxException refusal) {
            throw refusal;
        }
        return (AllowedStatement) decision;
    }

    public SandboxPolicy policyFor(TenantDatabase database) {
        SandboxPolicy own = perTenant.get(database.tenant());
        return own != null ? own : defaults.get(database.engine());
    }
}
