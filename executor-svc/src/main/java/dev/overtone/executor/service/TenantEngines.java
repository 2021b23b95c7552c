package dev.overtone.executor.service;

import dev.overtone.executor.repository.PostgresEngine;
import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.repository.TenantEngine;
import jakarta.enterprise.context.ApplicationScoped;

/** The engine that runs a tenant database. */
@ApplicationScoped
public class TenantEngines {
    private final SqliteEngine sqlite;
    private final PostgresEngine postgres;

    public TenantEngines(SqliteEngine sqlite, PostgresEngine postgres) {
        this.sqlite = sqlite;
        this.postgres = postgres;
    }

    public TenantEngine engineFor(TenantDatabase database) {
        return switch (database.engine()) {
            case SQLITE -> sqlite;
            case POSTGRESQL -> postgres;
        };
    }
}
