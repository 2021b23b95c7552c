package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.TenantDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/** Chooses the policy for a database: the tenant's own when one is declared, else the engine's default. */
@ApplicationScoped
public class SandboxPolicies {
    private final Map<EngineKind, SandboxPolicy> defaults = new EnumMap<>(EngineKind.class);
    private final Map<String, SandboxPolicy> perTenant = new HashMap<>();

    public SandboxPolicies(ExecutorConfig config, Instance<TenantSandboxPolicy> tenantPolicies) {
        ExecutorConfig.Policy policy = config.policy();
        defaults.put(EngineKind.POSTGRESQL, new ReadOnlyPolicy(EngineKind.POSTGRESQL,
                policy.postgresqlDeniedFunctions(), policy.allowedFunctions(), policy));
        defaults.put(EngineKind.SQLITE, new ReadOnlyPolicy(EngineKind.SQLITE,
                policy.sqliteDeniedFunctions(), policy.allowedFunctions(), policy));
        tenantPolicies.forEach(p -> perTenant.put(p.tenant(), p));
    }

    public SandboxPolicy policyFor(TenantDatabase database) {
        SandboxPolicy own = perTenant.get(database.tenant());
        return own != null ? own : defaults.get(database.engine());
    }
}
