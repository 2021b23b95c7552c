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
 * embedded PostgreSQL (or the server of OVERTONE_PG_URL), one database and one reader role per tenant
 * database ({@link PostgresTenant}), walled as the launcher walls them.
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
            Files.writeString(TENANTS_DIR.resolve("walls.properties"), String.join("\n",
                    EngineWallsOnlyPolicy.TENANT + ".hotels.engine=sqlite",
                    EngineWallsOnlyPolicy.TENANT + ".hotels.path=" + TENANTS.resolve("demo/hotels.sqlite"), ""));
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("tenant databases for tests could not be built", e);
        }
        Map<String, String> config = new TreeMap<>();
        config.put("overtone.executor.tenants.demo.hotels.path", TENANTS.resolve("demo/hotels.sqlite").toString());
        config.put("overtone.executor.tenants.other.crm.path", TENANTS.resolve("other/crm.sqlite").toString());
        for (PostgresTenant tenant : PostgresTenant.ALL) {
            String prefix = "overtone.executor.tenants." + tenant.tenant() + "." + tenant.name() + ".";
            config.put(prefix + "engine", "postgresql");
            config.put(prefix + "url", "postgresql://" + host + ":" + port + "/" + tenant.database());
            config.put(prefix + "schema", tenant.schema());
            config.put(prefix + "username", tenant.role());
            config.put(prefix + "password", tenant.password());
        }
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

    /** A superuser connection to a database (a tenant's, or "postgres"), for set-up and checksums. */
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

    /**
     * One PostgreSQL database and one role per tenant database, both with random names, walled by
     * samples/postgresql-tenant-walls.sql: the set-up the launcher makes (bin/cli ProvisionCommand).
     */
    private static void provisionPostgres() throws IOException, SQLException {
        String walls = Files.readString(SAMPLES.resolve("postgresql-tenant-walls.sql"));
        for (PostgresTenant tenant : PostgresTenant.ALL) {
            try (Connection c = admin("postgres"); Statement st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + tenant.database() + " WITH (FORCE)");
                st.execute("CREATE DATABASE " + tenant.database());
                try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + tenant.role() + "'")) {
                    st.execute((rs.next() ? "ALTER" : "CREATE") + " ROLE " + tenant.role() + " LOGIN PASSWORD '"
                            + tenant.password() + "'");
                }
            }
            try (Connection c = admin(tenant.database()); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA " + tenant.schema());
                st.execute("SET search_path = " + tenant.schema());
                for (String sql : SqlScript.statements(SAMPLES.resolve(tenant.script()))) {
                    st.execute(sql);
                }
                st.execute("SET search_path = public");
                st.execute("SET overtone.allowed_functions = '" + String.join(",", allowedFunctions()) + "'");
                st.execute(tenant.walls(walls)); // the driver runs the script's statements in order
            }
        }
    }

    /** The policy's PostgreSQL allow-list, which the walls grant EXECUTE on. */
    private static List<String> allowedFunctions() throws IOException {
        Path list = Path.of("src", "main", "resources", "sandbox", "postgresql-functions.txt").toAbsolutePath();
        return Files.readAllLines(list).stream().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
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

    /** A checksum of every relation, row and sequence of the tenant databases, read as superuser. */
    public static String postgresChecksum() throws SQLException {
        StringBuilder all = new StringBuilder();
        for (PostgresTenant tenant : PostgresTenant.ALL) {
            all.append(tenant.database()).append('\n').append(databaseChecksum(tenant.database()));
        }
        return all.toString();
    }

    private static String databaseChecksum(String database) throws SQLException {
        StringBuilder all = new StringBuilder();
        try (Connection c = admin(database); Statement st = c.createStatement()) {
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
