package dev.overtone.executor.health;

import static dev.overtone.runtime.testing.ScrapedMetrics.label;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.MappedConfig;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.runtime.health.WarmUp;
import dev.overtone.runtime.testing.ScrapedMetrics;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up run by hand against the service's real gRPC server, engines and test tenants (one PostgreSQL database of
 * them down): what it does when the budget is spent, which setbacks only degrade it and which fail it, and that its
 * scratch database is taken out of the registry, its idle connections closed and its file deleted when it ends, whether
 * it ends well or not.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class WarmUpExampleTest {

    private record Settings(boolean enabled, int rounds, Duration budget, int postgresqlDatabases, String scratchDir)
            implements WarmUpConfig {
        Settings(int rounds, Duration budget, int postgresqlDatabases, Path scratchDir) {
            this(true, rounds, budget, postgresqlDatabases, scratchDir.toString());
        }
    }

    @Inject
    TenantRegistry registry;

    @Inject
    SqliteEngine sqlite;

    @TempDir
    Path scratchDir;

    @Test
    void theFirstRoundRunsWholeThoughTheBudgetIsSpentAndNoFurtherRoundDoes() {
        double before = scratchStatements();
        double described = ScrapedMetrics.servedOk("Describe");
        int idleBefore = sqlite.idleConnections();

        new WarmUpExample(new Settings(5, Duration.ZERO, 0, scratchDir), registry, sqlite).run();

        assertThat(ScrapedMetrics.servedOk("Describe") - described).as("the Describe before the first round").isEqualTo(1.0);
        assertThat(scratchStatements() - before).as("one round: its 8 batched statements and 1 Execute").isEqualTo(9.0);
        assertTheScratchDatabaseIsNoLongerRegistered();
        assertThat(sqlite.idleConnections()).as("the scratch database's idle connections closed").isEqualTo(idleBefore);
        assertThat(scratchDir).as("the scratch file and its directory deleted").isEmptyDirectory();
    }

    @Test
    void aPostgresqlDatabaseThatCannotBeReachedOnlyDegradesTheWarmUpAndIsNamed() {
        assertThatThrownBy(() -> new WarmUpExample(new Settings(1, Duration.ofSeconds(60), 10, scratchDir), registry, sqlite).run())
                .isInstanceOf(WarmUp.Degraded.class)
                .hasMessageStartingWith("PostgreSQL not warmed on lab/down-pg: UNAVAILABLE ")
                .message().as("the reachable PostgreSQL databases were warmed").doesNotContain("; ");
    }

    @Test
    void aStatementFailingOnTheScratchDatabaseFailsTheWarmUp() throws IOException {
        Path empty = Files.createFile(scratchDir.resolve("no-tables.sqlite"));

        assertThatThrownBy(() -> new WarmUpExample(new Settings(1, Duration.ofSeconds(60), 0, scratchDir),
                new TablelessScratch(registry, empty), sqlite).run())
                .isNotInstanceOf(WarmUp.Degraded.class).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the warm-up statement 'SELECT ")
                .hasMessageContaining("' failed on its scratch database: ");
        assertTheScratchDatabaseIsNoLongerRegistered();
        try (var left = Files.list(scratchDir)) {
            assertThat(left).as("the scratch directory deleted, the test's own file kept").containsExactly(empty);
        }
    }

    private void assertTheScratchDatabaseIsNoLongerRegistered() {
        assertThatThrownBy(() -> registry.lookup(WarmUpDatabase.TENANT, WarmUpDatabase.NAME))
                .as("the scratch database outlived the warm-up").hasMessage("unknown tenant '" + WarmUpDatabase.TENANT + "'");
    }

    /** The real registry, given in place of the scratch database an empty SQLite file of the same name: no table to read. */
    private static final class TablelessScratch extends TenantRegistry {
        private final TenantRegistry real;
        private final Path empty;

        TablelessScratch(TenantRegistry real, Path empty) {
            super(MappedConfig.of(Map.of("overtone.executor.tenants-dir", empty.getParent().toString())));
            this.real = real;
            this.empty = empty;
        }

        @Override
        public void addInternal(TenantDatabase scratch) {
            real.addInternal(TenantDatabase.sqlite(scratch.tenant(), scratch.name(), empty));
        }

        @Override
        public void removeInternal(TenantDatabase scratch) {
            real.removeInternal(scratch);
        }

        @Override
        public Iterable<TenantDatabase> all() {
            return List.of();
        }
    }

    private static double scratchStatements() {
        return ScrapedMetrics.sum("overtone_executor_statements_total", label("database", WarmUpDatabase.NAME),
                label("tenant", WarmUpDatabase.TENANT));
    }
}
