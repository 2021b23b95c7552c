package dev.overtone.bench.sqlite;

/**
 * SQLite's own statement-completeness test ({@code sqlite3_complete}, complete.c), ported so that
 * dumps are split exactly where Python's {@code sqlite3.complete_statement} splits them, and so that
 * a query's trailing text can be checked the way Python's sqlite3 module checks it.
 */
public final class StatementTokenizer {

    private static final int SEMI = 0, WS = 1, OTHER = 2, EXPLAIN = 3, CREATE = 4, TEMP = 5, TRIGGER = 6, END = 7;

    /** State transitions of complete.c (states: invalid, start, normal, explain, create, trigger, semi, end). */
    private static final int[][] TRANS = {
            {1, 0, 2, 3, 4, 2, 2, 2},
            {1, 1, 2, 3, 4, 2, 2, 2},
            {1, 2, 2, 2, 2, 2, 2, 2},
            {1, 3, 3, 2, 4, 2, 2, 2},
            {1, 4, 2, 2, 2, 4, 5, 2},
            {6, 5, 5, 5, 5, 5, 5, 5},
            {6, 6, 5, 5, 5, 5, 5, 7},
            {1, 7, 5, 5, 5, 5, 5, 5},
    };

    private StatementTokenizer() {
    }

    /** True when {@code sql} ends with a complete statement, as {@code sqlite3_complete} decides. */
    public static boolean isComplete(String sql) {
        return scan(sql, false) == Integer.MAX_VALUE;
    }

    /**
     * The offset just past the first statement's terminating semicolon (outside a trigger body),
     * or -1 when the text holds no terminated statement.
     */
    public static int endOfFirstStatement(String sql) {
        int end = scan(sql, true);
        return end == Integer.MAX_VALUE || end < 0 ? -1 : end;
    }

    /**
     * Walks the tokens. With {@code stopAtFirst}, returns the offset after the first statement end;
     * otherwise returns MAX_VALUE when complete, -1 when not.
     */
    private static int scan(String sql, boolean stopAtFirst) {
        int state = 0;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            int token;
            switch (c) {
                case ';' -> token = SEMI;
                case ' ', '\r', '\t', '\n', '\f' -> token = WS;
                case '/' -> {
                    if (i + 1 >= n || sql.charAt(i + 1) != '*') {
                        token = OTHER;
                    } else {
                        int close = sql.indexOf("*/", i + 2);
                        if (close < 0) {
                            return -1;
                        }
                        i = close + 1;
                        token = WS;
                    }
                }
                case '-' -> {
                    if (i + 1 >= n || sql.charAt(i + 1) != '-') {
                        token = OTHER;
                    } else {
                        int nl = sql.indexOf('\n', i + 2);
                        if (nl < 0) {
                            return !stopAtFirst && state == 1 ? Integer.MAX_VALUE : -1;
                        }
                        i = nl;
                        token = WS;
                    }
                }
                case '[' -> {
                    int close = sql.indexOf(']', i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    i = close;
                    token = OTHER;
                }
                case '`', '"', '\'' -> {
                    int close = sql.indexOf(c, i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    i = close;
                    token = OTHER;
                }
                default -> {
                    if (isIdChar(c)) {
                        int j = i + 1;
                        while (j < n && isIdChar(sql.charAt(j))) {
                            j++;
                        }
                        token = keyword(sql.substring(i, j));
                        i = j - 1;
                    } else {
                        token = OTHER;
                    }
                }
            }
            state = TRANS[state][token];
            i++;
            if (stopAtFirst && token == SEMI && state == 1) {
                return i;
            }
        }
        if (stopAtFirst) {
            return -1;
        }
        return state == 1 ? Integer.MAX_VALUE : -1;
    }

    private static int keyword(String word) {
        String w = word.toLowerCase(java.util.Locale.ROOT);
        return switch (w) {
            case "create" -> CREATE;
            case "trigger" -> TRIGGER;
            case "temp", "temporary" -> TEMP;
            case "end" -> END;
            case "explain" -> EXPLAIN;
            default -> OTHER;
        };
    }

    /** SQLite's IdChar: letters, digits, '_', '$' and every non-ASCII character. */
    static boolean isIdChar(char c) {
        return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '_' || c == '$';
    }

    /**
     * True when {@code rest} holds only whitespace and comments: what Python's sqlite3 module
     * requires of the text after the first statement ("You can only execute one statement at a time").
     */
    public static boolean onlyWhitespaceAndComments(String rest) {
        int i = 0;
        int n = rest.length();
        while (i < n) {
            char c = rest.charAt(i);
            if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') {
                i++;
            } else if (c == '-' && i + 1 < n && rest.charAt(i + 1) == '-') {
                int nl = rest.indexOf('\n', i + 2);
                if (nl < 0) {
                    return true;
                }
                i = nl + 1;
            } else if (c == '/' && i + 1 < n && rest.charAt(i + 1) == '*') {
                int close = rest.indexOf("*/", i + 2);
                if (close < 0) {
                    return true;
                }
                i = close + 2;
            } else {
                return false;
            }
        }
        return true;
    }
}
