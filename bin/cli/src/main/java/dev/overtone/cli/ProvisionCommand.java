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
import picocli.CommandLine.Option;

/**
 * Builds the sample tenants (idempotent): SQLite files under OVERTONE_HOME/tenants, and on
 * PostgreSQL the database overtone_tenants with one schema and one SELECT-only role per tenant
 * database, plus the application role and database that clarify-svc keeps dialogues in.
 */
@Dependent
@Unremovable
@Command(name = "provision", description = "Create the sample tenants and the dialogue database (idempotent).")
public class ProvisionCommand implements Callable<Integer> {

    static final String TENANTS_DATABASE = "overtone_tenants";

    /** Side-effecting functions a read-only transaction does not stop; no tenant role may call them. */
    private static final List<String> SIDE_EFFECT_FUNCTIONS = List.of(
            "nextval(regclass)", "setval(regclass, bigint)", "setval(regclass, bigint, boolean)",
            "pg_advisory_lock(bigint)", "pg_advisory_xact_lock(bigint)", "pg_try_advisory_lock(bigint)",
            "pg_notify(text, text)", "set_config(text, text, boolean)", "pg_sleep(double precision)",
            "pg_logical_emit_message(boolean, text, text)", "pg_stat_reset()",
            "query_to_xml(text, boolean, boolean, text)", "query_to_xml_and_xmlschema(text, boolean, boolean, text)",
            "query_to_xmlschema(text, boolean, boolean, text)", "pg_cancel_backend(integer)",
            "pg_terminate_backend(integer, bigint)", "txid_current()", "pg_current_xact_id()");

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
        System.out.println("sample tenants ready: demo/hotels, demo/hotels-pg, other/crm, other/crm-pg");
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
        try (Connection admin = connect("postgres", adminUser, adminPassword)) {
            admin.setAutoCommit(true);
            ensureRole(admin, appUser, appPassword);
            if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", "overtone")) {
                execute(admin, "CREATE DATABASE overtone OWNER " + appUser);
            }
            if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", TENANTS_DATABASE)) {
                execute(admin, "CREATE DATABASE " + TENANTS_DATABASE);
            }
            execute(admin, "REVOKE ALL ON DATABASE " + TENANTS_DATABASE + " FROM PUBLIC");
            execute(admin, "REVOKE CONNECT ON DATABASE overtone FROM PUBLIC");
            for (SampleTenant sample : SampleTenant.ALL) {
                ensureRole(admin, sample.readerRole(), sample.readerPassword());
                execute(admin, "GRANT CONNECT ON DATABASE " + TENANTS_DATABASE + " TO " + sample.readerRole());
            }
        }
        try (Connection tenants = connect(TENANTS_DATABASE, adminUser, adminPassword)) {
            tenants.setAutoCommit(false);
            execute(tenants, "REVOKE ALL ON SCHEMA public FROM PUBLIC");
            for (String function : SIDE_EFFECT_FUNCTIONS) {
                revokeFromPublic(tenants, function);
            }
            for (SampleTenant sample : SampleTenant.ALL) {
                if (!exists(tenants, "SELECT 1 FROM pg_namespace WHERE nspname = ?", sample.postgresSchema())) {
                    execute(tenants, "CREATE SCHEMA " + sample.postgresSchema());
                    execute(tenants, "SET LOCAL search_path = " + sample.postgresSchema());
                    runScript(tenants, sample.script());
                }
                execute(tenants, "REVOKE ALL ON SCHEMA " + sample.postgresSchema() + " FROM PUBLIC");
                execute(tenants, "GRANT USAGE ON SCHEMA " + sample.postgresSchema() + " TO " + sample.readerRole());
                execute(tenants, "GRANT SELECT ON ALL TABLES IN SCHEMA " + sample.postgresSchema() + " TO "
                        + sample.readerRole());
                execute(tenants, "ALTER ROLE " + sample.readerRole() + " SET search_path = " + sample.postgresSchema());
                tenants.commit();
            }
        }
    }

    private void revokeFromPublic(Connection connection, String function) throws SQLException {
        if (!exists(connection, "SELECT 1 WHERE to_regprocedure(?) IS NOT NULL", function)) {
            return;
        }
        execute(connection, "REVOKE EXECUTE ON FUNCTION " + function + " FROM PUBLIC");
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
