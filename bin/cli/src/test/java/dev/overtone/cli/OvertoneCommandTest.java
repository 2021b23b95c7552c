package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The overtone command line: nothing to do without a subcommand, and the usage names each one bin/overtone passes on. */
class OvertoneCommandTest {
    @Test
    void withoutASubcommandItIsABadCommandLineAndTheUsageNamesEverySubcommand() {
        Ran overtone = Ran.run(OvertoneCommand.class);

        assertThat(overtone.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(overtone.err()).contains("Missing required subcommand", "Usage: overtone");
        String commands = overtone.err().substring(overtone.err().indexOf("Commands:"));
        assertThat(commands.lines().filter(l -> l.matches("\\s{2}\\S.*")).map(l -> l.strip().split("\\s+")[0]))
                .containsExactly("pg", "provision", "ask", "exec", "clarify", "llm-replay");
    }

    @Test
    void anUnknownSubcommandIsABadCommandLine() {
        Ran overtone = Ran.run(OvertoneCommand.class, "serve");

        assertThat(overtone.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(overtone.err()).contains("Unmatched argument at index 0: 'serve'");
        assertThat(overtone.out()).isEmpty();
    }
}
