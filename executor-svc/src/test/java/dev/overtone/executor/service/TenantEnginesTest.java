package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.repository.PostgresEngine;
import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.support.MappedConfig;
import io.vertx.mutiny.core.Vertx;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each tenant database goes to the engine of its kind, whatever its tenant or name. */
class TenantEnginesTest {
    @TempDir
    Path dir;

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.closeAndAwait();
    }

    @Test
    void aSqliteDatabaseRunsOnSqliteAPostgresqlOneOnPostgresql() {
        ExecutorConfig config = MappedConfig.of(Map.of("overtone.executor.tenants-dir", dir.toString()));
        // neither opens a connection before its first statement: nothing to close but Vert.x
        SqliteEngine sqlite = new SqliteEngine(config);
        PostgresEngine postgres = new PostgresEngine(vertx, config);
        TenantEngines engines = new TenantEngines(sqlite, postgres);

        assertThat(engines.engineFor(TenantDatabase.sqlite("demo", "hotels", dir.resolve("hotels.sqlite")))).isSameAs(sqlite);
        assertThat(engines.engineFor(TenantDatabase.postgres("demo", "hotels-pg",
                new PostgresTarget("localhost", 5432, "tenants", "demo_hotels", "demo", () -> null)))).isSameAs(postgres);
    }
}
