package dev.overtone.bench.memory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A memory run's tenants: fresh names of the run, written as the tenants file executor-svc reads, replacing an earlier run's. */
class MemoryTenantsTest {
    @TempDir
    Path home;

    private static Properties read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        }
        return p;
    }

    @Test
    void eachTenantIsANewNameOfTheRunForOneDatabaseFile() throws IOException {
        MemoryTenants tenants = new MemoryTenants(home, "r7");
        Path db = home.resolve("data").resolve("hotels.sqlite");

        String first = tenants.fresh("repeat", "hotels", db);
        String second = tenants.fresh("repeat", "hotels", db);
        Path file = tenants.register();

        assertThat(first).isEqualTo("mr7-repeat0");
        assertThat(second).isEqualTo("mr7-repeat1");
        assertThat(file).isEqualTo(home.resolve("tenants.d").resolve(MemoryTenants.FILE));
        Properties written = read(file);
        assertThat(written).containsEntry(first + ".hotels.engine", "sqlite").containsEntry(first + ".hotels.path", db.toAbsolutePath().toString())
                .containsEntry(second + ".hotels.engine", "sqlite").hasSize(4);
    }

    @Test
    void aLaterRunReplacesTheEarlierRunsTenants() throws IOException {
        MemoryTenants earlier = new MemoryTenants(home, "r1");
        String old = earlier.fresh("sibling", "shop", home.resolve("shop.sqlite"));
        earlier.register();

        MemoryTenants later = new MemoryTenants(home, "r2");
        String now = later.fresh("sibling", "shop", home.resolve("shop.sqlite"));
        Properties written = read(later.register());

        assertThat(written).containsKey(now + ".shop.path").doesNotContainKey(old + ".shop.path");
        try (var files = Files.list(home.resolve("tenants.d"))) {
            assertThat(files).as("no temporary file left").containsExactly(home.resolve("tenants.d").resolve(MemoryTenants.FILE));
        }
    }

    @Test
    void aRunIdIsLowerCaseLettersAndDigits() {
        assertThatThrownBy(() -> new MemoryTenants(home, "Run-1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Run-1");
    }
}
