package dev.overtone.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The CLI's output with the control characters a terminal acts on replaced by U+FFFD: what it prints comes from
 * tenants' data, callers' SQL and models' output, and an escape sequence among them could move the cursor, rewrite the
 * screen or set the window title. Tab, line feed and carriage return pass. Works on UTF-8 bytes: C0 controls and DEL
 * are single bytes that no multi-byte character contains, and a C1 control (U+0080 to U+009F) is {@code C2 80} to
 * {@code C2 9F}.
 */
final class TerminalText extends FilterOutputStream {
    private static final byte[] REPLACEMENT = "\uFFFD".getBytes(StandardCharsets.UTF_8);
    private static final int C1_LEAD = 0xC2;

    private boolean leadPending;

    private TerminalText(OutputStream out) {
        super(out);
    }

    /** {@code stream}'s destination behind the filter, UTF-8, flushed at each line as the console's streams are. */
    static PrintStream wrap(PrintStream stream) {
        return new PrintStream(new TerminalText(stream), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) throws IOException {
        int unsigned = b & 0xFF;
        if (leadPending) {
            leadPending = false;
            if (unsigned >= 0x80 && unsigned <= 0x9F) {
                out.write(REPLACEMENT);
                return;
            }
            out.write(C1_LEAD);
        }
        if (unsigned == C1_LEAD) {
            leadPending = true;
        } else if ((unsigned < 0x20 && unsigned != '\t' && unsigned != '\n' && unsigned != '\r') || unsigned == 0x7F) {
            out.write(REPLACEMENT);
        } else {
            out.write(unsigned);
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    @Override
    public void close() throws IOException {
        if (leadPending) {
            leadPending = false;
            out.write(C1_LEAD);
        }
        super.close();
    }
}
