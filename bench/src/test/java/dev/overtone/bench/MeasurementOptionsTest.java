package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** What every measurement takes on its command line: a report directory it cannot do without, the suite, Interpret's choices. */
class MeasurementOptionsTest {

    @Command(name = "measure")
    static class Measurement implements Runnable {
        @Mixin
        MeasurementOptions measured;

        @Override
        public void run() {
            measured.summary().println("the summary");
            measured.err().println("a repair");
        }
    }

    @Test
    void aMeasurementPrintsItsSummaryOnItsCommandsStdoutAndTheRestOnItsStderr() {
        Ran ran = Ran.of((out, err) -> new CommandLine(new Measurement()).setOut(out).setErr(err).execute("--out", "target/r"));

        assertThat(ran.out()).isEqualTo("the summary" + System.lineSeparator());
        assertThat(ran.err()).isEqualTo("a repair" + System.lineSeparator());
    }

    @Test
    void aMeasurementWithoutAReportDirectoryIsABadCommandLine() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Measurement());
        cl.setErr(new PrintWriter(err));

        assertThat(cl.execute("--no-infill")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("Missing required option: '--out=<out>'");
    }

    @Test
    void theSuiteAndInterpretsChoicesComeWithTheReportDirectory() {
        Measurement m = new Measurement();

        new CommandLine(m).parseArgs("--out", "target/r", "--interpreter", "pod:7000", "--deadline-ms", "900", "--no-infill",
                "--families", "scope,vague");

        assertThat(m.measured.out).isEqualTo(Path.of("target/r"));
        assertThat(m.measured.suite.deadlineMs()).isEqualTo(900);
        assertThat(m.measured.suite.interpreter).isEqualTo("pod:7000");
        assertThat(m.measured.interpret.infill()).isFalse();
        assertThat(m.measured.interpret.families()).containsExactly("scope", "vague");
    }
}
