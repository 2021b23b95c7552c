package dev.overtone.executor.service.policy;

import java.util.Locale;
import java.util.Set;

/**
 * The text JSqlParser analyses, when it differs from what the engine runs: words JSqlParser
 * reserves but neither engine does (a CTE named {@code final}) are quoted, and SQLite's {@code ==}
 * becomes {@code =}. Only bare words and operators outside strings, quoted names and comments
 * change, so statement boundaries and meaning stay the same; the engine still gets the original.
 */
final class AnalysisText {
    private static final Set<String> SOFT_KEYWORDS = Set.of("final");

    private AnalysisText() {
    }

    static String of(String sql, boolean sqlite) {
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'' || c == '"' || c == '`') {
                end = closing(sql, i, c);
            } else if (c == '[' && sqlite) {
                end = closing(sql, i, ']');
            } else if (sql.startsWith("--", i)) {
                int nl = sql.indexOf('\n', i);
                end = nl < 0 ? n : nl;
            } else if (sql.startsWith("/*", i)) {
                int close = sql.indexOf("*/", i + 2);
                end = close < 0 ? n : close + 2;
            } else if (c == '$' && !sqlite) {
                end = dollarQuoted(sql, i);
            } else if (Character.isLetter(c) || c == '_') {
                end = i + 1;
                while (end < n && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_'
                        || sql.charAt(end) == '$')) {
                    end++;
                }
                String word = sql.substring(i, end);
                boolean qualified = i > 0 && sql.charAt(i - 1) == '.';
                out.append(!qualified && SOFT_KEYWORDS.contains(word.toLowerCase(Locale.ROOT))
                        ? "\"" + word + "\"" : word);
                i = end;
                continue;
            } else if (sqlite && c == '=' && i + 1 < n && sql.charAt(i + 1) == '=') {
                out.append('=');
                i += 2;
                continue;
            } else {
                end = i + 1;
            }
            out.append(sql, i, end);
            i = end;
        }
        return out.toString();
    }

    /** Index after the closing quote; a doubled quote is an escaped one. */
    private static int closing(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote && quote != ']') {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    private static int dollarQuoted(String sql, int start) {
        int tagEnd = start + 1;
        while (tagEnd < sql.length() && (Character.isLetterOrDigit(sql.charAt(tagEnd)) || sql.charAt(tagEnd) == '_')) {
            tagEnd++;
        }
        if (tagEnd >= sql.length() || sql.charAt(tagEnd) != '$') {
            return start + 1; // a parameter like $1
        }
        String tag = sql.substring(start, tagEnd + 1);
        int close = sql.indexOf(tag, tagEnd + 1);
        return close < 0 ? sql.length() : close + tag.length();
    }
}
