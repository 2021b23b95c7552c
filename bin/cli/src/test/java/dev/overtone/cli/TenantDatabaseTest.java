package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** Where a command reads: {@code --tenant} and {@code --db}, both needed, as executor-svc names a tenant database. */
class TenantDatabaseTest {

    @Command(name = "read")
    static class Reader {
        @Mixin
        TenantDatabase where;
    }

    private static TenantDatabase parsed(String... args) {
        Reader reader = new Reader();
        new CommandLine(reader).parseArgs(args);
        return reader.where;
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
