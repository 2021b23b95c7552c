package dev.overtone.executor.repository;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntPredicate;
import org.sqlite.Function;

/**
 * SQLite's two-argument {@code trim}, {@code ltrim} and {@code rtrim(x, characters)} in linear time: the
 * characters of the second argument (up to a zero character, where SQLite stops reading it) removed from
 * the start and/or the end of the first, both taken as text; NULL if either is NULL; "string or blob too
 * big" when SQLite's table of the set (12 bytes a character) would pass SQLITE_LIMIT_LENGTH. (SQLite compares each character of {@code x} with every character of the set.)
 */
final class TrimFunction extends Function {
    /** Bytes SQLite allocates per character of the set (a pointer and a 4-byte length). */
    private static final long SET_BYTES_PER_CHARACTER = 12;
    /** Up to this many characters the set is searched for each character (as SQLite does); a hash set past it. */
    private static final int SMALL_SET = 16;

    private final boolean left;
    private final boolean right;
    private final int maxLength;

    TrimFunction(boolean left, boolean right, int maxLength) {
        this.left = left;
        this.right = right;
        this.maxLength = maxLength;
    }

    @Override
    protected void xFunc() throws SQLException {
        StatementDeadline.check();
        String text = value_text(0);
        String characters = text == null ? null : value_text(1);
        if (text == null || characters == null) {
            result();
            return;
        }
        int setEnd = characters.indexOf('\0'); // SQLite reads the set as a C string
        String set = setEnd < 0 ? characters : characters.substring(0, setEnd);
        int setSize = set.codePointCount(0, set.length());
        if (setSize * SET_BYTES_PER_CHARACTER > maxLength) {
            throw new SQLException(LinearStringFunctions.TOO_BIG); // as SQLite, whose table of the set is too big
        }
        IntPredicate trimmed = setSize <= SMALL_SET ? c -> set.indexOf(c) >= 0 : codePoints(set)::contains;
        int steps = 0;
        int start = 0;
        int end = text.length();
        while (left && start < end && trimmed.test(text.codePointAt(start))) {
            start += Character.charCount(text.codePointAt(start));
            steps = checkEvery(steps);
        }
        while (right && end > start && trimmed.test(text.codePointBefore(end))) {
            end -= Character.charCount(text.codePointBefore(end));
            steps = checkEvery(steps);
        }
        result(text.substring(start, end));
    }

    private static Set<Integer> codePoints(String set) {
        Set<Integer> codePoints = new HashSet<>();
        set.codePoints().forEach(codePoints::add);
        return codePoints;
    }

    private static int checkEvery(int steps) throws SQLException {
        if ((steps & (LinearSearch.CHECK_EVERY - 1)) == 0) {
            StatementDeadline.check();
        }
        return steps + 1;
    }
}
