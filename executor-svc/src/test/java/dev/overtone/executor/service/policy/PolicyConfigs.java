package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.PostgresTarget;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.support.MappedConfig;
import java.nio.file.Path;
import java.util.Map;

/**
 * The policy's configuration for tests without Quarkus, mapped as the service maps it: every setting at its code
 * default, which ExecutorConfigTest keeps equal to application.properties.
 */
final class PolicyConfigs {
    private PolicyConfigs() {
    }

    static ExecutorConfig.Policy defaults() {
        return MappedConfig.of(Map.of()).policy();
    }

    /** The defaults with one property ({@code overtone.executor.policy.…}) set. */
    static ExecutorConfig.Policy with(String property, String value) {
        return MappedConfig.of(Map.of(property, value)).policy();
    }

    static TenantDatabase database(EngineKind engine) {
        return engine == EngineKind.SQLITE ? TenantDatabase.sqlite("demo", "hotels", Path.of("hotels.sqlite"))
                : TenantDatabase.postgres("demo", "hotels-pg",
                        new PostgresTarget("localhost", 5432, "tenants", "demo_hotels", "demo", () -> null));
    }
}
