package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overtone provision} on the real sample scripts: SQLite files built once and kept, and on a real (embedded)
 * PostgreSQL a database and a SELECT-only role per sample database, the same ones on a second run, each role
 * walled off from the other's database.
 */
class ProvisionCommandTest {
    private static final Path SAMPLES = LocalSuite.CHECKOUT.resolve("samples");

    private static EmbeddedPostgres postgres;

    @TempDir
    Path home;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().setServerConfig("listen_addresses", "localhost").start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    @Test
    void eachSampleGetsADatabaseAndAReaderRoleThatReadsItOnlyAndASecondRunKeepsThem() throws Exception {
        Ran provision = provision();
        assertThat(provision.exit()).as(provision.err()).isZero();
        assertThat(provision.out()).isEqualTo("sample tenants ready: demo/hotels, demo/hotels-pg, other/crm, other/crm-pg\n");
        Properties first = recorded();
        assertThat(provision().exit()).as("a second run").isZero();
        Properties second = recorded();

        assertThat(second).isEqualTo(first);
        assertThat(first.getProperty("demo.hotels-pg.url")).matches("postgresql://localhost:" + postgres.getPort() + "/ot_[0-9a-f]{16}");
        assertThat(first.getProperty("demo.hotels-pg.schema")).isEqualTo("demo_hotels");
        String hotels = database(first, "demo.hotels-pg");
        String crm = database(first, "other.crm-pg");
        try (Connection reader = connect(hotels, first.getProperty("demo.hotels-pg.username"))) {
            assertThat(count(reader, "SELECT count(*) FROM demo_hotels.hotels")).as("hotels loaded once").isEqualTo(8);
            String write = "INSERT INTO demo_hotels.hotels (id, name) VALUES (99, 'Mine')";
            assertThatThrownBy(() -> execute(reader, write)).as("the role's sessions are read-only")
                    .isInstanceOf(SQLException.class).hasMessageContaining("read-only transaction");
            execute(reader, "SET default_transaction_read_only = off");
            assertThatThrownBy(() -> execute(reader, write)).as("and the role may only read, even in a session it made writable")
                    .isInstanceOf(SQLException.class).hasMessageContaining("permission denied");
        }
        assertThatThrownBy(() -> connect(crm, first.getProperty("demo.hotels-pg.username")).close())
                .as("demo's reader in other's database").isInstanceOf(SQLException.class).hasMessageContaining("permission denied");
        try (Connection app = connect("overtone", "overtone")) {
            assertThat(count(app, "SELECT 1")).isEqualTo(1);
        }
    }

    @Test
    void aSqliteFileThatExistsIsKeptAndOneLeftHalfBuiltIsBuiltAgain() throws Exception {
        Path hotels = home.resolve("tenants/demo/hotels.sqlite");
        Path crm = home.resolve("tenants/other/crm.sqlite");
        Files.createDirectories(crm.getParent());
        Files.writeString(crm.resolveSibling("crm.sqlite.partial"), "what a killed run left");
        assertThat(skippingPostgres().exit()).isZero();
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + hotels)) {
            assertThat(count(sqlite, "SELECT count(*) FROM hotels")).isEqualTo(8);
            execute(sqlite, "CREATE TABLE kept (x INTEGER)");
        }
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + crm)) {
            assertThat(count(sqlite, "SELECT count(*) FROM sqlite_master")).as("crm built in place of the half-built one").isPositive();
        }

        assertThat(skippingPostgres().exit()).as("a second run").isZero();

        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + hotels)) {
            assertThat(count(sqlite, "SELECT count(*) FROM sqlite_master WHERE name = 'kept'")).as("the file was kept").isEqualTo(1);
        }
        assertThat(crm.resolveSibling("crm.sqlite.partial")).doesNotExist();
    }

    private Ran provision() {
        return Ran.run(new ProvisionCommand(), "--home", home.toString(), "--samples", SAMPLES.toString(),
                "--pg-port", String.valueOf(postgres.getPort()));
    }

    private Ran skippingPostgres() {
        return Ran.run(new ProvisionCommand(), "--home", home.toString(), "--samples", SAMPLES.toString(),
                "--skip-postgres");
    }

    private Properties recorded() throws Exception {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(home.resolve("tenants.d").resolve(ProvisionCommand.NAMES_FILE))) {
            properties.load(reader);
        }
        return properties;
    }

    private static String database(Properties recorded, String key) {
        String url = recorded.getProperty(key + ".url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static Connection connect(String database, String user) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + postgres.getPort() + "/" + database, user, "");
    }

    private static int count(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
