package dev.overtone.parser.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into tokens without interpreting it. Enough of SQL's lexical rules to rewrite
 * dialect quirks (quotes, {@code ==}) before a real parser sees the text; never fails.
 *
 * <p>A {@code --} comment ends at \r or \n as PostgreSQL's lexer ({@code newline [\n\r]}) and
 * JSqlParser read it, and only at \n as SQLite's tokenizer reads it: text after a lone \r is SQL to
 * the one and comment to the other. Without a dialect the PostgreSQL reading is the one to take:
 * JSqlParser reads the same text next, and on SQLite a rewrite of text it ignores changes nothing
 * it runs, while on PostgreSQL text read as comment would be run unrewritten.
 */
public final class SqlLexer {

    private SqlLexer() {
    }

    /** Tokens as PostgreSQL and JSqlParser read the text: a {@code --} comment ends at \r or \n. */
    public static List<SqlToken> tokenize(String sql) {
        return tokenize(sql, true);
    }

    /** Tokens as SQLite reads the text: a {@code --} comment ends only at \n. */
    public static List<SqlToken> tokenizeSqlite(String sql) {
        return tokenize(sql, false);
    }

    private static List<SqlToken> tokenize(String sql, boolean crEndsLineComment) {
        List<SqlToken> out = new ArrayList<>();
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int start = i;
            SqlToken.Kind kind;
            if (Character.isWhitespace(c)) {
                while (i < n && Character.isWhitespace(sql.charAt(i))) i++;
                kind = SqlToken.Kind.SPACE;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n' && !(crEndsLineComment && sql.charAt(i) == '\r')) i++;
                kind = SqlToken.Kind.COMMENT;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                kind = SqlToken.Kind.COMMENT;
            } else if (c == '\'' || c == '"' || c == '`') {
                i = quoted(sql, i, c);
                kind = c == '\'' ? SqlToken.Kind.STRING : c == '"' ? SqlToken.Kind.DOUBLE_QUOTED : SqlToken.Kind.BACKTICKED;
            } else if (c == '[') {
                int end = sql.indexOf(']', i);
                i = end < 0 ? n : end + 1;
                kind = SqlToken.Kind.BRACKETED;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) i++;
                kind = SqlToken.Kind.NUMBER;
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_' || sql.charAt(i) == '$')) i++;
                kind = SqlToken.Kind.WORD;
            } else if ("=<>!|:".indexOf(c) >= 0) {
                while (i < n && "=<>!|:".indexOf(sql.charAt(i)) >= 0) i++;
                kind = SqlToken.Kind.OPERATOR;
            } else if ("+-*/%".indexOf(c) >= 0) {
                i++;
                kind = SqlToken.Kind.OPERATOR;
            } else {
                i++;
                kind = SqlToken.Kind.PUNCT;
            }
            out.add(new SqlToken(kind, sql.substring(start, i), start));
        }
        return out;
    }

    private static int quoted(String sql, int i, char q) {
        int n = sql.length();
        i++;
        while (i < n) {
            if (sql.charAt(i) == q) {
                if (i + 1 < n && sql.charAt(i + 1) == q) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return n;
    }
}
