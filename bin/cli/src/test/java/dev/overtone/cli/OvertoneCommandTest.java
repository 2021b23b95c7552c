package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The overtone command line: nothing to do without a subcommand, and the usage names each one bin/overtone passes on. */
class OvertoneCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int overtone(String... args) {
        CommandLine cli = new CommandLine(OvertoneCommand.class);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void withoutASubcommandItIsABadCommandLineAndTheUsageNamesEverySubcommand() {
        assertThat(overtone()).isEqualTo(CommandLine.ExitCode.USAGE);

        assertThat(err.toString()).contains("Missing required subcommand", "Usage: overtone");
        String commands = err.toString().substring(err.toString().indexOf("Commands:"));
        assertThat(commands.lines().filter(l -> l.matches("\\s{2}\\S.*")).map(l -> l.strip().split("\\s+")[0]))
                .containsExactly("pg", "provision", "ask", "exec", "clarify", "llm-replay");
    }

    @Test
    void anUnknownSubcommandIsABadCommandLine() {
        assertThat(overtone("serve")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("Unmatched argument at index 0: 'serve'");
        assertThat(out.toString()).isEmpty();
    }
}
