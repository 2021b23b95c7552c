package dev.overtone.executor.repository;

import java.sql.SQLException;
import org.sqlite.Function;

/**
 * SQLite's {@code instr(haystack, needle)} in linear time: NULL if either is NULL; for two blobs the byte
 * position of the first occurrence plus one, else (both taken as text) its character position plus one;
 * 0 when absent, 1 for an empty needle.
 */
final class InstrFunction extends Function {
    @Override
    protected void xFunc() throws SQLException {
        StatementDeadline.check();
        int haystackType = value_type(0);
        int needleType = value_type(1);
        if (haystackType == LinearStringFunctions.SQLITE_NULL || needleType == LinearStringFunctions.SQLITE_NULL) {
            result();
            return;
        }
        if (haystackType == LinearStringFunctions.SQLITE_BLOB && needleType == LinearStringFunctions.SQLITE_BLOB) {
            String haystack = LinearStringFunctions.bytesOf(value_blob(0));
            int at = new LinearSearch(LinearStringFunctions.bytesOf(value_blob(1))).indexIn(haystack, 0);
            result(at + 1);
            return;
        }
        String haystack = value_text(0);
        int at = new LinearSearch(value_text(1)).indexIn(haystack, 0);
        result(at < 0 ? 0 : haystack.codePointCount(0, at) + 1);
    }
}
