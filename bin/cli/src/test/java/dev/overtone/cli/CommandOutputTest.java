package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** A command prints through the writers its command line was given: what it answers on stdout, the rest on stderr. */
class CommandOutputTest {

    @Command(name = "answer")
    static class Answering implements Callable<Integer> {
        @Mixin
        CommandOutput printed;

        @Override
        public Integer call() {
            printed.out().println("42 rows");
            printed.err().println("a notice");
            return 0;
        }
    }

    @Test
    void whatTheCommandAnswersGoesToItsStdoutAndItsNoticesToItsStderr() {
        Ran ran = Ran.run(new Answering());

        assertThat(ran.exit()).isZero();
        assertThat(ran.out()).isEqualTo("42 rows\n");
        assertThat(ran.err()).isEqualTo("a notice\n");
    }

    @Test
    void theMixinAddsNoOptionToTheCommand() {
        Ran ran = Ran.run(new Answering(), "--help");

        assertThat(ran.exit()).isEqualTo(picocli.CommandLine.ExitCode.USAGE);
        assertThat(ran.err()).startsWith("Unknown option: '--help'").contains("Usage: answer\n");
    }
}
