package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The state of one lexing pass over a statement (the text, the position, the tokens so far) and what both
 * engines' tokenizers agree is not a token: blanks, comments and the characters of names. {@link SqlLexer}
 * reads the tokens.
 */
abstract class SqlScanner {
    private static final String PARAMETERS_UNSUPPORTED =
            "bind parameters ($1, ?, :name, @name, $name) are not supported: write the value into the statement";

    final String sql;
    final boolean sqlite;
    final String dialect;
    final int n;
    final List<SqlLexer.Token> tokens = new ArrayList<>();
    int i;

    SqlScanner(String sql, EngineKind engine) {
        this.sql = sql;
        this.sqlite = engine == EngineKind.SQLITE;
        this.dialect = sqlite ? "SQLite" : "PostgreSQL";
        this.n = sql.length();
    }

    void skipBlanksAndComments() {
        boolean inBlankRun = false;
        while (i < n) {
            char c = sql.charAt(i);
            if (isBlank(c) || (sqlite && c == '\u000b' && inBlankRun)) {
                // SQLite's run of blanks goes on with any isspace() character, \v included
                i++;
                inBlankRun = true;
                continue;
            }
            inBlankRun = false;
            if (sql.startsWith("--", i)) {
                i = lineCommentEnd(i + 2);
            } else if (sql.startsWith("/*", i) && !(sqlite && i + 2 == n)) {
                skipBlockComment();
            } else if (c < 0x20 || c == 0x7f) {
                throw SandboxException.invalid(String.format(Locale.ROOT, "the text holds the control character U+%04X"
                        + " at character %d, which %s does not read as a blank outside quotes; replace it with a space",
                        (int) c, i + 1, dialect));
            } else {
                return;
            }
        }
    }

    boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || (!sqlite && c == '\u000b');
    }

    /** The index of the newline that ends a {@code --} comment (PostgreSQL: \r or \n; SQLite: \n), or the end. */
    int lineCommentEnd(int from) {
        int j = from;
        while (j < n && sql.charAt(j) != '\n' && (sqlite || sql.charAt(j) != '\r')) {
            j++;
        }
        return j;
    }

    private void skipBlockComment() {
        int start = i;
        if (sqlite) {
            int close = sql.indexOf("*/", start + 2); // does not nest; /*/ does not close itself
            i = close < 0 ? n : close + 2;
            return;
        }
        int depth = 0;
        while (i < n) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
                if (depth == 0) {
                    return;
                }
            } else {
                i++;
            }
        }
        throw SandboxException.invalid("the /* comment opened at character " + (start + 1)
                + " is never closed (PostgreSQL comments nest: every /* needs its own */)");
    }

    SandboxException parameter(int start, int end) {
        String token = sql.substring(start, end);
        if (token.length() > 40) {
            token = token.substring(0, 40) + "…";
        }
        return SandboxException.invalid("found the bind parameter " + token + " at character " + (start + 1) + " ("
                + dialect + " reads it so): " + PARAMETERS_UNSUPPORTED);
    }

    void refuseUnpairedSurrogates() {
        for (int j = 0; j < n; j++) {
            char c = sql.charAt(j);
            if (Character.isHighSurrogate(c) && j + 1 < n && Character.isLowSurrogate(sql.charAt(j + 1))) {
                j++;
            } else if (Character.isSurrogate(c)) {
                throw SandboxException.invalid("the text holds an unpaired UTF-16 surrogate at character " + (j + 1)
                        + ", which is not Unicode text; send valid UTF-8");
            }
        }
    }

    int identifierEnd(int from) {
        return identifierEnd(sql, from);
    }

    static int identifierEnd(String sql, int from) {
        int n = sql.length();
        int j = from;
        while (j < n && isIdentifierPart(sql.charAt(j))) {
            j++;
        }
        return j;
    }

    static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Both engines: ASCII letters, underscore, and every character from U+0080 (UTF-8 bytes 0x80 and up). */
    static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c) || c == '$';
    }
}
