package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** Where a command reads: {@code --tenant} and {@code --db}, both needed, as executor-svc names a tenant database. */
class TenantDatabaseTest {

    private static TenantDatabase parsed(String... args) {
        return CommandLine.populateCommand(new TenantDatabase(), args);
    }

    @Test
    void theTenantAndTheDatabaseAreNamedByTheirOptions() {
        TenantDatabase where = parsed("--db", "hotels", "--tenant", "demo");

        assertThat(where.tenant).isEqualTo("demo");
        assertThat(where.database).isEqualTo("hotels");
    }

    @Test
    void aCommandThatReadsNeedsBoth() {
        assertThatThrownBy(() -> parsed("--tenant", "demo")).isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("'--db=<database>'");
        assertThatThrownBy(() -> parsed("--db", "hotels")).isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("'--tenant=<tenant>'");
    }
}
