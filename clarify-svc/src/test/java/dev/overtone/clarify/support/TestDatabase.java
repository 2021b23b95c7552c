package dev.overtone.clarify.support;

import dev.overtone.runtime.testing.ContainerPostgres;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;

/**
 * The PostgreSQL tests run against: {@code OVERTONE_PG_URL} when set
 * ({@code postgresql://[user[:password]@]host:port/db}), else a container where Docker runs
 * ({@link ContainerPostgres}), else an embedded one (zonky); in the last two the role {@code overtone}
 * owns database {@code overtone}, as the launcher provisions it. {@code server} is what {@link #close} stops (none
 * for {@code OVERTONE_PG_URL}).
 */
public record TestDatabase(AutoCloseable server, String host, int port, String database, String user, String password)
        implements AutoCloseable {

    public static TestDatabase start() {
        String url = System.getenv("OVERTONE_PG_URL");
        if (url != null && !url.isBlank()) {
            URI u = URI.create(url.replaceFirst("^jdbc:", ""));
            String user = System.getenv().getOrDefault("OVERTONE_PG_USER", "overtone");
            String password = System.getenv().getOrDefault("OVERTONE_PG_PASSWORD", "overtone");
            if (u.getUserInfo() != null) {
                String[] parts = u.getUserInfo().split(":", 2);
                user = parts[0];
                password = parts.length > 1 ? parts[1] : password;
            }
            return new TestDatabase(null, u.getHost(), u.getPort() > 0 ? u.getPort() : 5432, u.getPath().substring(1), user, password);
        }
        if (ContainerPostgres.dockerRuns()) {
            var container = ContainerPostgres.start();
            return new TestDatabase(container, container.getHost(), container.getMappedPort(5432), "overtone", "overtone", "overtone");
        }
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE ROLE overtone LOGIN PASSWORD 'overtone'");
                s.execute("CREATE DATABASE overtone OWNER overtone");
            }
            return new TestDatabase(pg, "localhost", pg.getPort(), "overtone", "overtone", "overtone");
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the embedded PostgreSQL for tests", e);
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    public String reactiveUrl() {
        return "postgresql://" + host + ":" + port + "/" + database;
    }

    public Connection connect() throws Exception {
        return DriverManager.getConnection(jdbcUrl(), user, password);
    }

    /** The datasource settings pointing clarify-svc here. */
    public Map<String, String> datasourceConfig() {
        return Map.of(
                "quarkus.datasource.reactive.url", reactiveUrl(),
                "quarkus.datasource.jdbc.url", jdbcUrl(),
                "quarkus.datasource.username", user,
                "quarkus.datasource.password", password);
    }

    /** Where it is, never its password (a record's own toString would print it in a failed test's report). */
    @Override
    public String toString() {
        return "TestDatabase[" + user + "@" + reactiveUrl() + "]";
    }

    @Override
    public void close() throws Exception {
        if (server != null) {
            server.close();
        }
    }
}
