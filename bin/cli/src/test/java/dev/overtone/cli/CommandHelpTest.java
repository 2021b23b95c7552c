package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** Every subcommand answers {@code --help} as command-line tools do: its usage on standard output, exit code 0. */
class CommandHelpTest {

    @ParameterizedTest
    @ValueSource(strings = {"ask", "clarify", "exec", "pg", "provision", "llm-replay"})
    void helpPrintsTheUsageAndSucceeds(String subcommand) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(OvertoneCommand.class);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute(subcommand, "--help");

        assertThat(exit).isZero();
        assertThat(out.toString()).startsWith("Usage: overtone " + subcommand).contains("--help");
        assertThat(err.toString()).isEmpty();
    }
}
