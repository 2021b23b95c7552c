package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.PostgresTarget;
import dev.overtone.executor.service.TenantDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The policy's configuration with the defaults of application.properties, for tests without Quarkus. */
final class PolicyConfigs {
    private PolicyConfigs() {
    }

    static ExecutorConfig.Policy defaults() {
        return new ExecutorConfig.Policy() {
            public Optional<List<String>> postgresqlAllowedFunctions() {
                return Optional.empty();
            }

            public Optional<List<String>> sqliteAllowedFunctions() {
                return Optional.empty();
            }

            public Optional<List<String>> postgresqlDeniedFunctions() {
                return Optional.of(List.of("nextval", "set_config", "current_setting", "dblink*", "lo_*", "version", "txid_*",
                        "has_*", "acl*", "to_reg*", "current_database"));
            }

            public Optional<List<String>> sqliteDeniedFunctions() {
                return Optional.of(List.of("load_extension", "sqlite_*"));
            }

            public int maxSqlLength() {
                return 100_000;
            }

            public long maxBuiltLength() {
                return 1_000_000;
            }

            public int maxNesting() {
                return 100;
            }

            public int maxOperatorChain() {
                return 1000;
            }

            public int maxTreeNodes() {
                return 100_000;
            }

            public Duration parseTimeout() {
                return Duration.ofSeconds(5);
            }

            public int callingThreadParseMaxTokens() {
                return 400;
            }

            public int callingThreadParseMaxNesting() {
                return 6;
            }

            public int parserThreads() {
                return 1;
            }

            public int parserQueue() {
                return 8;
            }

            public Duration parserRetryPushback() {
                return Duration.ofMillis(250);
            }

            public int decisionCacheSize() {
                return 0;
            }
        };
    }

    static TenantDatabase database(EngineKind engine) {
        return engine == EngineKind.SQLITE ? TenantDatabase.sqlite("demo", "hotels", Path.of("hotels.sqlite"))
                : TenantDatabase.postgres("demo", "hotels-pg",
                        new PostgresTarget("localhost", 5432, "tenants", "demo_hotels", "demo", () -> null));
    }
}
