package dev.overtone.executor.service.policy;

import static java.util.Map.entry;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.PostgresTarget;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.runtime.testing.ConfigStub;
import java.nio.file.Path;
import java.util.HashMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The policy's configuration with the defaults of application.properties, for tests without Quarkus. */
final class PolicyConfigs {
    private static final Map<String, Object> DEFAULTS = Map.ofEntries(
            entry("postgresqlAllowedFunctions", Optional.empty()),
            entry("sqliteAllowedFunctions", Optional.empty()),
            entry("postgresqlDeniedFunctions", Optional.of(List.of("nextval", "set_config", "current_setting", "dblink*",
                    "lo_*", "version", "txid_*", "has_*", "acl*", "to_reg*", "current_database"))),
            entry("sqliteDeniedFunctions", Optional.of(List.of("load_extension", "sqlite_*"))),
            entry("maxSqlLength", 100_000),
            entry("maxBuiltLength", 1_000_000L),
            entry("maxNesting", 100),
            entry("maxOperatorChain", 1000),
            entry("maxTreeNodes", 100_000),
            entry("parseTimeout", Duration.ofSeconds(5)),
            entry("callingThreadParseMaxTokens", 400),
            entry("callingThreadParseMaxNesting", 6),
            entry("parserThreads", 1),
            entry("parserQueue", 8),
            entry("parserRetryPushback", Duration.ofMillis(250)),
            entry("decisionCacheSize", 0));

    private PolicyConfigs() {
    }

    static ExecutorConfig.Policy defaults() {
        return ConfigStub.of(ExecutorConfig.Policy.class, DEFAULTS);
    }

    /** The defaults with one setting changed. */
    static ExecutorConfig.Policy with(String setting, Object value) {
        Map<String, Object> values = new HashMap<>(DEFAULTS);
        values.put(setting, value);
        return ConfigStub.of(ExecutorConfig.Policy.class, values);
    }

    static TenantDatabase database(EngineKind engine) {
        return engine == EngineKind.SQLITE ? TenantDatabase.sqlite("demo", "hotels", Path.of("hotels.sqlite"))
                : TenantDatabase.postgres("demo", "hotels-pg",
                        new PostgresTarget("localhost", 5432, "tenants", "demo_hotels", "demo", () -> null));
    }
}
