package dev.overtone.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.Callable;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Builds the sample tenants (idempotent): SQLite files under OVERTONE_HOME/tenants, and on PostgreSQL
 * one database and one SELECT-only role per tenant database, both with random names, walled by
 * samples/postgresql-tenant-walls.sql and written to OVERTONE_HOME/tenants.d for executor-svc; plus the
 * application role and database that clarify-svc keeps dialogues in.
 */
@Dependent
@Unremovable
@Command(name = "provision", mixinStandardHelpOptions = true, description = "Create the sample tenants and the dialogue database (idempotent).")
public class ProvisionCommand implements Callable<Integer> {

    /** What earlier versions made: one shared database and roles named after the tenants. */
    private static final String LEGACY_TENANTS_DATABASE = "overtone_tenants";
    private static final List<String> LEGACY_ROLES = List.of("demo_reader", "other_reader");
    static final String NAMES_FILE = "samples-postgresql.properties";

    @Mixin
    CommandOutput printed;

    @Option(names = "--home", required = true, description = "OVERTONE_HOME: runtime files go under it.")
    Path home;

    @Option(names = "--samples", required = true, description = "Folder holding the sample SQL scripts.")
    Path samples;

    @Option(names = "--pg-host", defaultValue = "localhost")
    String pgHost;

    @Option(names = "--pg-port", defaultValue = "5532")
    int pgPort;

    @Option(names = "--pg-admin-user", defaultValue = "postgres", description = "A role that may create roles and databases.")
    String adminUser;

    @Option(names = "--pg-admin-password", defaultValue = "", description = "Its password (empty for the embedded server).")
    String adminPassword;

    @Option(names = "--app-user", defaultValue = "overtone", description = "Role clarify-svc connects as.")
    String appUser;

    @Option(names = "--app-password", defaultValue = "overtone")
    String appPassword;

    @Option(names = "--allowed-functions", description = "executor-svc's PostgreSQL function allow-list"
            + " (default: beside --samples, executor-svc/src/main/resources/sandbox/postgresql-functions.txt).")
    Path allowedFunctions;

    @Option(names = "--skip-postgres", description = "Build the SQLite files only.")
    boolean skipPostgres;

    @Override
    public Integer call() throws Exception {
        for (SampleTenant sample : SampleTenant.ALL) {
            buildSqlite(sample);
        }
        if (!skipPostgres) {
            provisionPostgres();
        }
        printed.out().println("sample tenants ready: demo/hotels, demo/hotels-pg, other/crm, other/crm-pg");
        return 0;
    }

    private void buildSqlite(SampleTenant sample) throws Exception {
        Path file = home.resolve("tenants").resolve(sample.tenant()).resolve(sample.sqliteDatabase() + ".sqlite");
        if (Files.exists(file)) {
            return;
        }
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + partial)) {
            connection.setAutoCommit(false);
            runScript(connection, sample.script());
            connection.commit();
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    }

    private void provisionPostgres() throws Exception {
        PostgresTenantNames names = PostgresTenantNames.load(home.resolve("tenants.d").resolve(NAMES_FILE));
        String walls = Files.readString(samples.resolve("postgresql-tenant-walls.sql"));
        String allowed = String.join(",", allowedFunctionNames());
        try (Connection admin = connect("postgres", adminUser, adminPassword)) {
            admin.setAutoCommit(true);
            ensureRole(admin, appUser, appPassword);
            if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", "overtone")) {
                execute(admin, "CREATE DATABASE overtone OWNER " + appUser);
            }
            execute(admin, "REVOKE CONNECT ON DATABASE overtone FROM PUBLIC");
            dropLegacyTenants(admin);
            for (SampleTenant sample : SampleTenant.ALL) {
                String database = names.database(sample);
                String role = names.role(sample);
                ensureRole(admin, role, names.password(sample));
                if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", database)) {
                    execute(admin, "CREATE DATABASE " + database);
                }
                try (Connection tenant = connect(database, adminUser, adminPassword)) {
                    // loaded in one transaction with its schema: a schema that exists holds the whole sample
                    if (!exists(tenant, "SELECT 1 FROM pg_namespace WHERE nspname = ?", sample.postgresSchema())) {
                        loadSample(tenant, sample);
                    }
                    execute(tenant, "SET overtone.allowed_functions = '" + allowed + "'");
                    execute(tenant, walls.replace("{{database}}", database).replace("{{schema}}", sample.postgresSchema())
                            .replace("{{role}}", role)); // the driver runs the script's statements in order
                }
                names.record(sample, pgHost, pgPort, database);
            }
        }
        names.save();
    }

    private void loadSample(Connection tenant, SampleTenant sample) throws Exception {
        tenant.setAutoCommit(false);
        execute(tenant, "CREATE SCHEMA " + sample.postgresSchema());
        execute(tenant, "SET LOCAL search_path = " + sample.postgresSchema());
        runScript(tenant, sample.script());
        tenant.commit();
        tenant.setAutoCommit(true);
    }

    /** The shared database and tenant-named roles of earlier versions would name tenants to every role. */
    private static void dropLegacyTenants(Connection admin) throws SQLException {
        execute(admin, "DROP DATABASE IF EXISTS " + LEGACY_TENANTS_DATABASE + " WITH (FORCE)");
        for (String role : LEGACY_ROLES) {
            if (exists(admin, "SELECT 1 FROM pg_roles WHERE rolname = ?", role)) {
                execute(admin, "DROP ROLE " + role);
            }
        }
    }

    private List<String> allowedFunctionNames() throws Exception {
        Path list = allowedFunctions != null ? allowedFunctions : samples.resolveSibling("executor-svc")
                .resolve("src/main/resources/sandbox/postgresql-functions.txt");
        return Files.readAllLines(list).stream().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    }

    private void runScript(Connection connection, String scriptName) throws Exception {
        String script = Files.readString(samples.resolve(scriptName));
        for (String statement : SqlScript.statements(script)) {
            execute(connection, statement);
        }
    }

    private Connection connect(String database, String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + pgHost + ":" + pgPort + "/" + database, user, password);
    }

    private static void ensureRole(Connection admin, String role, String password) throws SQLException {
        String verb = exists(admin, "SELECT 1 FROM pg_roles WHERE rolname = ?", role) ? "ALTER" : "CREATE";
        execute(admin, verb + " ROLE " + role + " LOGIN PASSWORD '" + password.replace("'", "''") + "'");
    }

    private static boolean exists(Connection connection, String query, String... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(query)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next();
            }
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
