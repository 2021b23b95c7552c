package dev.overtone.executor.repository;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.Function;

/**
 * Replaces SQLite's {@code instr(x, y)}, {@code replace(x, y, z)} and the two-argument {@code trim},
 * {@code ltrim} and {@code rtrim} on one connection with functions of the same results that take linear time
 * and stop at the statement's deadline ({@link StatementDeadline}). SQLite's own take time proportional to
 * the product of their arguments' lengths inside one VM step, where the progress handler cannot interrupt
 * them. Deterministic and innocuous like the built-ins, so views of a tenant's schema may still use them
 * ({@code trusted_schema = OFF}).
 */
final class LinearStringFunctions {
    static final int SQLITE_BLOB = 4;
    static final int SQLITE_NULL = 5;
    /** SQLite's own message for a value past SQLITE_LIMIT_LENGTH. */
    static final String TOO_BIG = "string or blob too big";

    private static final int SQLITE_INNOCUOUS = 0x200000;
    private static final int FLAGS = Function.FLAG_DETERMINISTIC | SQLITE_INNOCUOUS;

    private LinearStringFunctions() {
    }

    /** Registers the replacements on {@code connection}; {@code maxLength} is its SQLITE_LIMIT_LENGTH. */
    static void register(Connection connection, int maxLength) throws SQLException {
        Function.create(connection, "instr", new InstrFunction(), 2, FLAGS);
        Function.create(connection, "replace", new ReplaceFunction(maxLength), 3, FLAGS);
        Function.create(connection, "trim", new TrimFunction(true, true, maxLength), 2, FLAGS);
        Function.create(connection, "ltrim", new TrimFunction(true, false, maxLength), 2, FLAGS);
        Function.create(connection, "rtrim", new TrimFunction(false, true, maxLength), 2, FLAGS);
    }

    /** A blob's bytes as a string of one char per byte, so that a char search is a byte search. */
    static String bytesOf(byte[] blob) {
        return blob == null ? "" : new String(blob, StandardCharsets.ISO_8859_1);
    }

    /** UTF-8 bytes of {@code text}, as SQLite counts a text value's length. */
    static long utf8Length(CharSequence text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
