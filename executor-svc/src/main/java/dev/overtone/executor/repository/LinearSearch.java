package dev.overtone.executor.repository;

import java.sql.SQLException;

/**
 * Knuth-Morris-Pratt search of one string in another: time linear in both lengths whatever they hold, where
 * SQLite's instr and replace compare the pattern at every position (quadratic: 4 s for two 1 MiB values).
 * Blobs are searched as ISO-8859-1 strings (one char per byte). Checks the statement's deadline as it goes.
 */
final class LinearSearch {
    /** Characters compared between two deadline checks. */
    static final int CHECK_EVERY = 1 << 16;

    /** Below this many character comparisons in the worst case, String.indexOf (fast, quadratic) searches. */
    static final long SMALL = 1 << 16;

    private final String pattern;
    private final long small;
    private int[] fallback;

    LinearSearch(String pattern) {
        this(pattern, SMALL);
    }

    /** With {@code small} 0 every search is a Knuth-Morris-Pratt search (for tests). */
    LinearSearch(String pattern, long small) {
        this.pattern = pattern;
        this.small = small;
    }

    private static int[] fallback(String pattern) throws SQLException {
        int[] fallback = new int[pattern.length()];
        int k = 0;
        for (int i = 1; i < pattern.length(); i++) {
            if ((i & (CHECK_EVERY - 1)) == 0) {
                StatementDeadline.check();
            }
            while (k > 0 && pattern.charAt(i) != pattern.charAt(k)) {
                k = fallback[k - 1];
            }
            if (pattern.charAt(i) == pattern.charAt(k)) {
                k++;
            }
            fallback[i] = k;
        }
        return fallback;
    }

    /** The first index at or after {@code from} where the pattern starts in {@code text}, or -1; 0 for an empty pattern. */
    int indexIn(String text, int from) throws SQLException {
        int m = pattern.length();
        if (m == 0) {
            return from;
        }
        if ((long) (text.length() - from) * m <= small) {
            return text.indexOf(pattern, from);
        }
        if (fallback == null) {
            fallback = fallback(pattern);
        }
        int k = 0;
        for (int i = from; i < text.length(); i++) {
            if ((i & (CHECK_EVERY - 1)) == 0) {
                StatementDeadline.check();
            }
            char c = text.charAt(i);
            while (k > 0 && c != pattern.charAt(k)) {
                k = fallback[k - 1];
            }
            if (c == pattern.charAt(k)) {
                k++;
            }
            if (k == m) {
                return i - m + 1;
            }
        }
        return -1;
    }
}
