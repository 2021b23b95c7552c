package dev.overtone.executor.service;

import java.nio.file.Path;
import java.util.Optional;

/** One database of one tenant, as the registry knows it. */
public record TenantDatabase(String tenant, String name, EngineKind engine, Optional<Path> sqlitePath,
        Optional<PostgresTarget> postgres) {

    public static TenantDatabase sqlite(String tenant, String name, Path path) {
        return new TenantDatabase(tenant, name, EngineKind.SQLITE, Optional.of(path), Optional.empty());
    }

    public static TenantDatabase postgres(String tenant, String name, PostgresTarget target) {
        return new TenantDatabase(tenant, name, EngineKind.POSTGRESQL, Optional.empty(), Optional.of(target));
    }

    /** "tenant/database", for messages, logs and cache keys. */
    public String key() {
        return tenant + "/" + name;
    }
}
