package dev.overtone.executor.service;

import dev.overtone.executor.support.MappedConfig;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where tenants come from, what a lookup answers, and which names are the executor's own. */
class TenantRegistryTest {

    @TempDir
    Path dir;

    @Test
    void readsTenantsFromPropertiesAndFromTheDirectory() throws IOException {
        Files.writeString(dir.resolve("acme.properties"), "acme.sales.engine=sqlite\nacme.sales.path=/data/sales.sqlite\n");
        TenantRegistry registry = registry(Map.of("overtone.executor.tenants.demo.hotels.engine", "sqlite",
                "overtone.executor.tenants.demo.hotels.path", "/data/hotels.sqlite"));

        assertThat(registry.lookup("demo", "hotels").sqlitePath()).contains(Path.of("/data/hotels.sqlite"));
        assertThat(registry.lookup("acme", "sales").engine()).isEqualTo(EngineKind.SQLITE);
        assertThat(registry.size()).isEqualTo(2);
    }

    @Test
    void aFileDroppedInTheDirectoryIsFoundOnTheNextMiss() throws IOException {
        TenantRegistry registry = registry(Map.of());
        assertThatThrownBy(() -> registry.lookup("late", "db")).hasMessage("unknown tenant 'late'");

        Files.writeString(dir.resolve("late.properties"), "late.db.engine=sqlite\nlate.db.path=/data/late.sqlite\n");
        registry.reload();

        assertThat(registry.lookup("late", "db").key()).isEqualTo("late/db");
    }

    @Test
    void aMissingDatabaseIsNamedWithTheOnesTheTenantHas() {
        TenantRegistry registry = registry(Map.of("overtone.executor.tenants.demo.hotels.engine", "sqlite",
                "overtone.executor.tenants.demo.hotels.path", "/data/hotels.sqlite"));

        assertThatThrownBy(() -> registry.lookup("demo", "flights"))
                .isInstanceOf(SandboxException.class)
                .hasMessage("tenant 'demo' has no database 'flights' (it has hotels)");
        assertThatThrownBy(() -> registry.lookup("Demo!", "hotels"))
                .hasMessageStartingWith("tenant must match");
    }

    @Test
    void aConfiguredTenantCannotTakeAReservedName() throws IOException {
        Files.writeString(dir.resolve("sneaky.properties"),
                "overtone-warm-up.scratch.engine=sqlite\novertone-warm-up.scratch.path=/data/mine.sqlite\n");
        TenantRegistry registry = registry(Map.of("overtone.executor.tenants.overtone-x.db.engine", "sqlite",
                "overtone.executor.tenants.overtone-x.db.path", "/data/x.sqlite"));

        assertThat(registry.size()).isZero();
        assertThat(TenantRegistry.reserved("overtone-warm-up")).isTrue();
        assertThat(TenantRegistry.reserved("demo")).isFalse();
    }

    @Test
    void anInternalDatabaseOutlivesReloadsNeedsAReservedNameAndIsNoTenantsDatabase() {
        TenantRegistry registry = registry(Map.of("overtone.executor.tenants.demo.hotels.engine", "sqlite",
                "overtone.executor.tenants.demo.hotels.path", "/data/hotels.sqlite"));
        registry.addInternal(TenantDatabase.sqlite("overtone-warm-up", "scratch", dir.resolve("s.sqlite")));
        registry.reload();

        assertThat(registry.lookup("overtone-warm-up", "scratch").sqlitePath()).contains(dir.resolve("s.sqlite"));
        assertThat(registry.size()).as("the tenants' databases, without the executor's own").isEqualTo(1);
        assertThatThrownBy(() -> registry.addInternal(TenantDatabase.sqlite("demo", "scratch", dir.resolve("s.sqlite"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private TenantRegistry registry(Map<String, String> properties) {
        Map<String, String> all = new HashMap<>(properties);
        all.put("overtone.executor.tenants-dir", dir.toString());
        return new TenantRegistry(MappedConfig.of(all), name -> null);
    }
}
