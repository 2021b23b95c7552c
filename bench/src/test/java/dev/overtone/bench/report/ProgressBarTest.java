package dev.overtone.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    @Test
    void offATerminalItPrintsALineEachTenthOfTheWay() {
        ProgressBar bar = new ProgressBar("coverage", 100, out, false);
        for (int i = 0; i < 100; i++) {
            bar.step();
        }
        bar.finish();

        String[] lines = printed().split("\n");
        assertThat(lines).as("the first step, then each tenth").hasSize(11);
        assertThat(lines[1]).startsWith("coverage [###                           ] 10/100  10.0%");
        assertThat(lines[10]).startsWith("coverage [" + "#".repeat(30) + "] 100/100 100.0%").doesNotContain("eta");
    }

    @Test
    void onATerminalItRedrawsOneLineAndEndsIt() {
        ProgressBar bar = new ProgressBar("load", 3, out, true);
        bar.step();
        bar.step();
        bar.step();
        bar.finish();

        assertThat(printed()).startsWith("\rload [").endsWith("\n").containsOnlyOnce("\n");
        assertThat(printed().split("\r")).hasSize(5);
    }

    @Test
    void aLineSaysHowFarWhatIsLeftAndNeverOverflows() {
        ProgressBar bar = new ProgressBar("x", 4, out, false);

        assertThat(bar.line(1)).startsWith("x [" + "#".repeat(8) + " ".repeat(22) + "] 1/4  25.0%");
        assertThat(bar.line(9)).contains("] 9/4 100.0%");
        assertThat(new ProgressBar("none", 0, out, false).line(0)).contains("] 0/0 100.0%");
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
