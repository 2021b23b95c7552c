package dev.overtone.executor.config;

import java.util.Optional;

/** One tenant database as configured. Credentials are never logged. */
public interface DatabaseSettings {
    /** sqlite | postgresql */
    String engine();

    /** SQLite file (absolute path). */
    Optional<String> path();

    /** postgresql://host:port/database */
    Optional<String> url();

    /** The tenant's schema on PostgreSQL. */
    Optional<String> schema();

    Optional<String> username();

    /** Inline password (demo only; prefer password-env or password-file). */
    Optional<String> password();

    /** Name of an environment variable holding the password. */
    Optional<String> passwordEnv();

    /** File holding the password (a mounted secret). */
    Optional<String> passwordFile();
}
