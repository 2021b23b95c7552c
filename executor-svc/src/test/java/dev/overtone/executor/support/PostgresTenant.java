package dev.overtone.executor.support;

import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * A PostgreSQL tenant database of the tests: its own database and reader role, both with random names
 * (as the launcher names them), so that nothing in the shared catalogues names a tenant.
 */
public record PostgresTenant(String tenant, String name, String script, String schema, String database,
        String role, String password, List<String> extraGrants) {
    private static final SecureRandom RANDOM = new SecureRandom();

    public static final PostgresTenant DEMO = of("demo", "hotels-pg", "hotels.sql", "demo_hotels", List.of());
    public static final PostgresTenant OTHER = of("other", "crm-pg", "crm.sql", "other_crm", List.of());
    /**
     * A tenant whose role may also take session state (advisory locks, LISTEN, settings) and list its session's
     * prepared statements, so that a test can show the session reset removes the state and keeps the executor's
     * statements: the walls alone refuse those functions and pg_prepared_statements to DEMO.
     */
    public static final PostgresTenant STATEFUL = of("lab", "stateful-pg", "hotels.sql", "lab_hotels", List.of(
            "GRANT EXECUTE ON FUNCTION pg_advisory_lock(bigint), pg_listening_channels(),"
                    + " set_config(text, text, boolean), current_setting(text), pg_prepared_statement() TO {{role}}",
            "GRANT SELECT ON pg_catalog.pg_prepared_statements TO {{role}}"));
    public static final List<PostgresTenant> ALL = List.of(DEMO, OTHER, STATEFUL);

    private static PostgresTenant of(String tenant, String name, String script, String schema,
            List<String> extraGrants) {
        return new PostgresTenant(tenant, name, script, schema, "ot_" + randomHex(), "ot_" + randomHex(), randomHex(),
                extraGrants);
    }

    /** This tenant's database as the executor's registry knows it. */
    public TenantDatabase in(TenantRegistry registry) {
        return registry.lookup(tenant, name);
    }

    /** A reactive pool of this tenant's reader role, its schema on the search path: the raw client the executor wraps. */
    public io.vertx.mutiny.sqlclient.Pool readerPool(io.vertx.mutiny.core.Vertx vertx, int maxSize) {
        return readerPool(vertx, maxSize, false);
    }

    /** The same, with the client's own cache of prepared statements per connection on or off. */
    public io.vertx.mutiny.sqlclient.Pool readerPool(io.vertx.mutiny.core.Vertx vertx, int maxSize,
            boolean cachePreparedStatements) {
        return io.vertx.mutiny.pgclient.PgBuilder.pool().with(new io.vertx.sqlclient.PoolOptions().setMaxSize(maxSize))
                .connectingTo(new io.vertx.pgclient.PgConnectOptions().setHost(TenantDatabasesResource.postgresHost())
                        .setPort(TenantDatabasesResource.postgresPort()).setDatabase(database).setUser(role)
                        .setPassword(password).setProperties(java.util.Map.of("search_path", schema))
                        .setCachePreparedStatements(cachePreparedStatements).setPreparedStatementCacheMaxSize(256))
                .using(vertx).build();
    }

    /** The walls script, then the tenant's extra grants, with this tenant's names in the placeholders. */
    String walls(String script) {
        String all = script + ";\n" + String.join(";\n", extraGrants);
        return all.replace("{{database}}", database).replace("{{schema}}", schema).replace("{{role}}", role);
    }

    private static String randomHex() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
