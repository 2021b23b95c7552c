package dev.overtone.executor.repository;

import java.sql.SQLException;
import org.sqlite.Function;

/**
 * SQLite's {@code replace(x, pattern, replacement)} in linear time: every occurrence of the pattern, left to
 * right and not overlapping, replaced; the arguments taken as text. NULL if {@code x} or the pattern is NULL;
 * {@code x} itself (as text) when the pattern is empty or starts with a zero byte (whatever the
 * replacement); else NULL if the replacement is NULL. A result longer than SQLITE_LIMIT_LENGTH fails with
 * SQLite's "string or blob too big", checked before it is built.
 */
final class ReplaceFunction extends Function {
    private final int maxLength;

    ReplaceFunction(int maxLength) {
        this.maxLength = maxLength;
    }

    @Override
    protected void xFunc() throws SQLException {
        StatementDeadline.check();
        String text = value_text(0);
        String pattern = value_text(1);
        if (text == null || pattern == null) {
            result();
            return;
        }
        if (pattern.isEmpty() || pattern.charAt(0) == '\0') {
            result(text);
            return;
        }
        String replacement = value_text(2);
        if (replacement == null) {
            result();
            return;
        }
        LinearSearch search = new LinearSearch(pattern);
        long growth = LinearStringFunctions.utf8Length(replacement) - LinearStringFunctions.utf8Length(pattern);
        long length = LinearStringFunctions.utf8Length(text);
        StringBuilder out = null;
        int copied = 0;
        for (int at = search.indexIn(text, 0); at >= 0; at = search.indexIn(text, at + pattern.length())) {
            length += growth;
            if (length > maxLength) {
                throw new SQLException(LinearStringFunctions.TOO_BIG);
            }
            if (out == null) {
                out = new StringBuilder(text.length());
            }
            out.append(text, copied, at).append(replacement);
            copied = at + pattern.length();
        }
        result(out == null ? text : out.append(text, copied, text.length()).toString());
    }
}
