package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the CLI prints cannot drive the terminal: control characters become U+FFFD, all other text passes unchanged. */
class TerminalTextTest {

    private static String through(String... parts) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = TerminalText.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        for (String part : parts) {
            out.print(part);
            out.flush();
        }
        out.close();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void escapeSequencesAndOtherControlsAreReplaced() {
        assertThat(through("SELECT '\u001b[2J\u001b]0;owned\u0007' \u0000\u007f\u009b31m\u0085"))
                .isEqualTo("SELECT '\uFFFD[2J\uFFFD]0;owned\uFFFD' \uFFFD\uFFFD\uFFFD31m\uFFFD");
    }

    @Test
    void textLinesTabsAndEveryOtherCharacterPassUnchanged() {
        String text = "Question: °C ß é ¿ \u00a0 ü 漢字 \uD83D\uDE00\n\tSQL: SELECT 1\r\n";

        assertThat(through(text)).isEqualTo(text);
    }

    @Test
    void aCharacterSplitAcrossWritesIsJudgedWhole() {
        byte[] degree = "°".getBytes(StandardCharsets.UTF_8); // C2 B0: a C1 lead byte, then not a control
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = TerminalText.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        out.write(degree, 0, 1);
        out.flush();
        out.write(degree, 1, 1);
        out.write(new byte[] {(byte) 0xC2}, 0, 1);
        out.flush();
        out.write(new byte[] {(byte) 0x9B}, 0, 1); // C2 9B: CSI, split
        out.close();

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("°\uFFFD");
    }
}
