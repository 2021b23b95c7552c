package dev.overtone.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseCatalogTest {
    private static final String HOTELS = "CREATE TABLE hotels (name TEXT, stars INTEGER);\nINSERT INTO hotels VALUES ('Ritz', 5);\n";
    private static final String FLIGHTS = "CREATE TABLE flights (code TEXT);\nINSERT INTO flights VALUES ('TP1');\n";

    @TempDir
    Path home;

    @Test
    void eachDistinctDumpIsBuiltOnceIntoASqliteFileThatAnswers() throws Exception {
        DatabaseCatalog catalog = new DatabaseCatalog(home);

        BenchDatabase hotels = catalog.databaseOf(dump("q1", HOTELS));
        BenchDatabase again = catalog.databaseOf(dump("q2", HOTELS));
        BenchDatabase flights = catalog.databaseOf(dump("q3", FLIGHTS));

        assertThat(again).isSameAs(hotels);
        assertThat(flights.name()).isNotEqualTo(hotels.name()).startsWith("d");
        assertThat(catalog.databases()).containsExactly(hotels, flights);
        assertThat(hotels.path()).startsWith(home.resolve("bench/dbs")).isRegularFile();
        try (Connection c = hotels.openReadOnly(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT stars FROM hotels WHERE name = 'Ritz'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(5);
        }
    }

    @Test
    void aDatabaseBuiltByAnEarlierRunIsReusedWithItsRepairs() throws Exception {
        String repaired = "CREATE TABLE t (a);\nINSERT INTO t (a, b) VALUES (1, 2);\n";
        BenchDatabase built = new DatabaseCatalog(home).databaseOf(dump("q", repaired));
        long modified = Files.getLastModifiedTime(built.path()).toMillis();

        BenchDatabase reused = new DatabaseCatalog(home).databaseOf(dump("q", repaired));

        assertThat(built.repairs()).isNotEmpty();
        assertThat(reused.repairs()).isEqualTo(built.repairs());
        assertThat(Files.getLastModifiedTime(reused.path()).toMillis()).isEqualTo(modified);
    }

    @Test
    void aDatabaseFileIsUsedAsItIsAndAMissingOneIsNamed() throws Exception {
        Path file = home.resolve("given.sqlite");
        Files.createFile(file);
        DatabaseCatalog catalog = new DatabaseCatalog(home);

        BenchDatabase given = catalog.databaseOf(fileExample("q1", file));

        assertThat(given.path()).isEqualTo(file.toAbsolutePath());
        assertThat(given.name()).startsWith("f");
        assertThat(catalog.databaseOf(fileExample("q2", file))).isSameAs(given);
        assertThatThrownBy(() -> catalog.databaseOf(fileExample("q3", home.resolve("gone.sqlite"))))
                .isInstanceOf(IOException.class).hasMessageStartingWith("q3: database file not found: ");
    }

    @Test
    void registeringKeepsEarlierRunsDatabasesWhoseFilesStillExist() throws Exception {
        DatabaseCatalog first = new DatabaseCatalog(home);
        BenchDatabase hotels = first.databaseOf(dump("q1", HOTELS));
        BenchDatabase flights = first.databaseOf(dump("q2", FLIGHTS));
        first.register();
        Files.delete(flights.path());

        DatabaseCatalog second = new DatabaseCatalog(home);
        Path extra = home.resolve("extra.sqlite");
        Files.createFile(extra);
        BenchDatabase given = second.databaseOf(fileExample("q3", extra));
        Properties tenants = load(second.register());

        assertThat(tenants.getProperty("bench." + hotels.name() + ".path")).isEqualTo(hotels.path().toString());
        assertThat(tenants.getProperty("bench." + hotels.name() + ".engine")).isEqualTo("sqlite");
        assertThat(tenants.getProperty("bench." + given.name() + ".path")).isEqualTo(extra.toAbsolutePath().toString());
        assertThat(tenants.stringPropertyNames()).noneMatch(k -> k.contains(flights.name()));
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }

    private static Example dump(String id, String dump) {
        return new Example(id, "q", List.of(), dump, null, List.of(), null, false);
    }

    private static Example fileExample(String id, Path file) {
        return new Example(id, "q", List.of(), null, file, List.of(), null, false);
    }
}
