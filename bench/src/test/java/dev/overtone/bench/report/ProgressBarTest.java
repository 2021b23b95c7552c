package dev.overtone.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    private final StringWriter drawn = new StringWriter();
    /** Buffered and flushed on println, as picocli's writer over stderr: what is not flushed is not seen yet. */
    private final PrintWriter out = new PrintWriter(new BufferedWriter(drawn), true);

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
    void onATerminalItRedrawsOneLineAtEachStepAndEndsIt() {
        ProgressBar bar = new ProgressBar("load", 3, out, true);
        for (int n = 1; n <= 3; n++) {
            bar.step();

            String[] redrawn = printed().split("\r");
            assertThat(redrawn).as("step %d is seen as it is taken", n).hasSize(n + 1);
            assertThat(redrawn[n]).contains("] " + n + "/3 ");
        }
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
        return drawn.toString();
    }
}
