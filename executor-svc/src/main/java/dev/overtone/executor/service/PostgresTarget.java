package dev.overtone.executor.service;

import java.util.function.Supplier;

/**
 * Where a PostgreSQL tenant database lives and who the executor connects as.
 * The password is resolved when a pool is created (an env var or a mounted file may appear later).
 */
public record PostgresTarget(String host, int port, String database, String schema, String username,
        Supplier<Secret> password) {

    @Override
    public String toString() {
        return "postgresql://" + host + ":" + port + "/" + database + " schema " + schema + " as " + username;
    }
}
