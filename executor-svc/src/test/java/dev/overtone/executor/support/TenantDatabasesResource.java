package dev.overtone.executor.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import dev.overtone.runtime.testing.ContainerPostgres;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the two tenants for tests from samples/*.sql: SQLite files under target/tenants and, in an
 * embedded PostgreSQL (or the server of OVERTONE_PG_URL), database overtone_tenants with schemas
 * demo_hotels and other_crm readable only by their reader roles; the same set-up as the launcher's.
 * Also writes target/tenants.d/lab.properties: a tenant "lab" whose PostgreSQL database is down.
 */
public class TenantDatabasesResource implements QuarkusTestResourceLifecycleManager {
    public static final Path TENANTS = Path.of("target", "tenants").toAbsolutePath();
    public static final Path TENANTS_DIR = Path.of("target", "tenants.d").toAbsolutePath();
    private static final Path SAMPLES = Path.of("..", "samples").toAbsolutePath().normalize();

    private static EmbeddedPostgres embedded;
    private static String host;
    private static int port;
    private static String adminUser;
    private static String adminPassword;

    @Override
    public synchronized Map<String, String> start() {
        try {
            buildSqlite(SAMPLES.resolve("hotels.sql"), TENANTS.resolve("demo/hotels.sqlite"));
            buildSqlite(SAMPLES.resolve("crm.sql"), TENANTS.resolve("other/crm.sqlite"));
            startPostgres();
            provisionPostgres();
            Files.createDirectories(TENANTS_DIR);
            Files.writeString(TENANTS_DIR.resolve("lab.properties"), String.join("\n",
                    "lab.down-pg.engine=postgresql",
                    "lab.down-pg.url=postgresql://127.0.0.1:1/overtone_tenants",
                    "lab.down-pg.schema=lab",
                    "lab.down-pg.username=lab_reader",
                    "lab.down-pg.password-env=OVERTONE_LAB_PASSWORD_THAT_IS_NOT_SET",
                    "lab.hotels-copy.engine=sqlite",
                    "lab.hotels-copy.path=" + TENANTS.resolve("demo/hotels.sqlite"), ""));
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("tenant databases for tests could not be built", e);
        }
        String url = "postgresql://" + host + ":" + port + "/overtone_tenants";
        Map<String, String> config = new TreeMap<>();
        config.put("overtone.executor.tenants.demo.hotels.path", TENANTS.resolve("demo/hotels.sqlite").toString());
        config.put("overtone.executor.tenants.other.crm.path", TENANTS.resolve("other/crm.sqlite").toString());
        config.put("overtone.executor.tenants.demo.hotels-pg.url", url);
        config.put("overtone.executor.tenants.other.crm-pg.url", url);
        config.put("overtone.executor.tenants-dir", TENANTS_DIR.toString());
        return config;
    }

    @Override
    public void stop() {
        // the embedded server is shared by every test class of this JVM and stops with it
    }

    private static void buildSqlite(Path script, Path file) throws IOException, SQLException {
        try {
            Class.forName("org.sqlite.JDBC"); // outside Quarkus (MemoryBombIT) the driver is not registered yet
        } catch (ClassNotFoundException e) {
            throw new SQLException("sqlite-jdbc is not on the class path", e);
        }
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = c.createStatement()) {
            for (String sql : SqlScript.statements(script)) {
                st.execute(sql);
            }
        }
    }

    private static void startPostgres() throws IOException {
        if (embedded != null || host != null) {
            return;
        }
        String external = System.getenv("OVERTONE_PG_URL");
        if (external != null && !external.isBlank()) {
            URI uri = URI.create(external.replaceFirst("^jdbc:", ""));
            host = uri.getHost();
            port = uri.getPort() < 0 ? 5432 : uri.getPort();
            adminUser = System.getenv().getOrDefault("OVERTONE_PG_USER", "postgres");
            adminPassword = System.getenv().getOrDefault("OVERTONE_PG_PASSWORD", "");
            return;
        }
        if (ContainerPostgres.dockerRuns()) {
            var container = ContainerPostgres.start(); // stopped with the JVM by Testcontainers
            host = container.getHost();
            port = container.getMappedPort(5432);
            adminUser = container.getUsername();
            adminPassword = container.getPassword();
            return;
        }
        embedded = EmbeddedPostgres.builder().start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                embedded.close();
            } catch (IOException e) {
                // the JVM is going away
            }
        }));
        host = "localhost";
        port = embedded.getPort();
        adminUser = "postgres";
        adminPassword = "";
    }

    /** A superuser connection to overtone_tenants (or "postgres"), for set-up and checksums. */
    public static Connection admin(String database) throws SQLException {
        try {
            Class.forName("org.postgresql.Driver");
        } catch (ClassNotFoundException e) {
            throw new SQLException("the PostgreSQL JDBC driver is not on the class path", e);
        }
        return DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/" + database, adminUser,
                adminPassword);
    }

    public static int postgresPort() {
        return port;
    }

    public static String postgresHost() {
        return host;
    }

    public static String adminUser() {
        return adminUser;
    }

    public static String adminPassword() {
        return adminPassword;
    }

    private static void provisionPostgres() throws IOException, SQLException {
        try (Connection c = admin("postgres"); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS overtone_tenants");
            st.execute("CREATE DATABASE overtone_tenants");
            for (String role : List.of("demo_reader", "other_reader")) {
                try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + role + "'")) {
                    if (!rs.next()) {
                        st.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + role.replace("_", "-") + "'");
                    }
                }
            }
        }
        try (Connection c = admin("overtone_tenants"); Statement st = c.createStatement()) {
            st.execute("REVOKE ALL ON SCHEMA public FROM PUBLIC");
            st.execute("REVOKE ALL ON DATABASE overtone_tenants FROM PUBLIC");
            for (String[] tenant : List.of(new String[] {"demo_hotels", "demo_reader", "hotels.sql"},
                    new String[] {"other_crm", "other_reader", "crm.sql"})) {
                st.execute("CREATE SCHEMA " + tenant[0]);
                st.execute("SET search_path = " + tenant[0]);
                for (String sql : SqlScript.statements(SAMPLES.resolve(tenant[2]))) {
                    st.execute(sql);
                }
                st.execute("GRANT CONNECT ON DATABASE overtone_tenants TO " + tenant[1]);
                st.execute("GRANT USAGE ON SCHEMA " + tenant[0] + " TO " + tenant[1]);
                st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + tenant[0] + " TO " + tenant[1]);
                st.execute("ALTER ROLE " + tenant[1] + " SET default_transaction_read_only = on");
            }
            st.execute("SET search_path = public");
            // side-effect functions a read-only transaction does not stop, revoked as a second wall
            for (String function : List.of("pg_advisory_lock(bigint)", "pg_advisory_xact_lock(bigint)",
                    "pg_try_advisory_lock(bigint)", "pg_notify(text, text)", "pg_sleep(double precision)",
                    "pg_cancel_backend(integer)",
                    "pg_terminate_backend(integer, bigint)", "set_config(text, text, boolean)")) {
                try (Statement revoke = c.createStatement()) {
                    revoke.execute("REVOKE EXECUTE ON FUNCTION " + function + " FROM PUBLIC");
                } catch (SQLException e) {
                    // a signature this server version does not have; the policy still refuses the name
                }
            }
        }
    }

    /** SHA-256 of a SQLite file. */
    public static String fileChecksum(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(in.readAllBytes());
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A checksum of every relation, row and sequence of the tenant schemas, read as superuser. */
    public static String postgresChecksum() throws SQLException {
        StringBuilder all = new StringBuilder();
        try (Connection c = admin("overtone_tenants"); Statement st = c.createStatement()) {
            List<String> relations = new java.util.ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT n.nspname || '.' || c.relname || ':' || c.relkind::text FROM pg_class c"
                    + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog',"
                    + " 'information_schema', 'pg_toast') ORDER BY 1")) {
                while (rs.next()) {
                    relations.add(rs.getString(1));
                }
            }
            all.append(String.join(",", relations)).append('\n');
            for (String relation : relations) {
                if (relation.endsWith(":r")) {
                    String name = relation.substring(0, relation.length() - 2);
                    try (ResultSet rs = st.executeQuery("SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text),"
                            + " '')) FROM " + name + " t")) {
                        rs.next();
                        all.append(name).append('=').append(rs.getString(1)).append('\n');
                    }
                }
            }
        }
        return all.toString();
    }
}
