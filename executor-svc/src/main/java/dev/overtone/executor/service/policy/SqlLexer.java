package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits SQL into tokens the way the tenant's engine does, so that the policy counts statements
 * and finds their first word exactly as the engine will. The differences that matter:
 * <ul>
 * <li>SQLite block comments do not nest (the first {@code *}{@code /} ends them, an unterminated one
 * runs to the end); PostgreSQL's nest and must be closed.</li>
 * <li>PostgreSQL: {@code E'...'} strings with backslash escapes, {@code $tag$...$tag$} dollar quotes,
 * {@code U&"..."} identifiers with Unicode escapes (and {@code UESCAPE}); plain strings never
 * treat a backslash as an escape ({@code standard_conforming_strings}, pinned on by the engine).</li>
 * <li>SQLite: {@code [name]} and {@code `name`} identifiers.</li>
 * </ul>
 * Comments become a space and the content of string literals is neutralised (quotes and
 * backslashes replaced) in {@link Lexed#analysisText()}, which is what JSqlParser reads: its own
 * lexer then cannot disagree with the engine's about where a literal ends.
 */
final class SqlLexer {

    enum Kind { WORD, STRING, IDENTIFIER, PUNCTUATION, SEMICOLON }

    record Token(Kind kind, int start, int end, String text) {
        boolean isWord(String word) {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }
    }

    /**
     * @param tokens the tokens of the first statement
     * @param statements statements holding at least one token
     * @param end index in the original text after the first statement's last token
     * @param analysisText the first statement for JSqlParser
     * @param engineText the first statement as the engine receives it: its tokens' own text, one space
     *        where whitespace or a comment separated two of them. What the lexer took for a comment or a
     *        blank is never sent, so a reading that differs from the engine's can only become a syntax
     *        error, never a hidden clause.
     */
    record Lexed(List<Token> tokens, int statements, int end, String analysisText, String engineText) {
        String firstWord() {
            if (tokens.isEmpty()) {
                return "";
            }
            Token first = tokens.get(0);
            if (first.kind() == Kind.WORD) {
                return first.text().toLowerCase(Locale.ROOT);
            }
            return first.text().equals("(") ? "(" : "";
        }
    }

    private final String sql;
    private final boolean sqlite;
    private final int n;
    private int i;

    private SqlLexer(String sql, EngineKind engine) {
        this.sql = sql;
        this.sqlite = engine == EngineKind.SQLITE;
        this.n = sql.length();
    }

    static Lexed lex(String sql, EngineKind engine) {
        return new SqlLexer(sql, engine).run();
    }

    private Lexed run() {
        List<Token> first = new ArrayList<>();
        StringBuilder analysis = new StringBuilder(n + 8);
        StringBuilder engineText = new StringBuilder(n);
        int statements = 0;
        boolean current = false;
        int end = 0;
        while (true) {
            Token token = next();
            if (token == null) {
                break;
            }
            if (token.kind() == Kind.SEMICOLON) {
                current = false;
                continue;
            }
            if (!current) {
                statements++;
                current = true;
            }
            if (statements == 1) {
                if (!first.isEmpty() && token.start() > end) {
                    analysis.append(' '); // whitespace or a comment separated them
                    engineText.append(' ');
                }
                engineText.append(sql, token.start(), token.end());
                first.add(token);
                end = token.end();
                analysis.append(token.text());
            }
        }
        return new Lexed(first, statements, end, analysis.toString(), engineText.toString());
    }

    /** The next token, skipping whitespace and comments; null at the end. */
    private Token next() {
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (sql.startsWith("--", i)) {
                int nl = sql.indexOf('\n', i);
                i = nl < 0 ? n : nl + 1;
            } else if (sql.startsWith("/*", i)) {
                skipBlockComment();
            } else {
                break;
            }
        }
        if (i >= n) {
            return null;
        }
        int start = i;
        char c = sql.charAt(i);
        if (c == ';') {
            i++;
            return new Token(Kind.SEMICOLON, start, i, ";");
        }
        if (c == '\'') {
            return string(start, i, false);
        }
        if (c == '"') {
            return quotedIdentifier(start, start, '"');
        }
        if (sqlite && c == '[') {
            return quotedIdentifier(start, start, ']');
        }
        if (sqlite && c == '`') {
            return quotedIdentifier(start, start, '`');
        }
        if (!sqlite && c == '$' && i + 1 < n && !Character.isDigit(sql.charAt(i + 1))) {
            Token dollar = dollarQuoted(start);
            if (dollar != null) {
                return dollar;
            }
        }
        if (isIdentifierStart(c)) {
            Token prefixed = prefixedLiteral(start);
            if (prefixed != null) {
                return prefixed;
            }
            int end = i + 1;
            while (end < n && isIdentifierPart(sql.charAt(end))) {
                end++;
            }
            i = end;
            String word = sql.substring(start, end);
            return new Token(Kind.WORD, start, end, SoftKeywords.analysed(word, start > 0 && sql.charAt(start - 1) == '.'));
        }
        if (sqlite && c == '=' && i + 1 < n && sql.charAt(i + 1) == '=') {
            i += 2;
            return new Token(Kind.PUNCTUATION, start, i, "=");
        }
        i++;
        return new Token(Kind.PUNCTUATION, start, i, String.valueOf(c));
    }

    private void skipBlockComment() {
        int depth = 0;
        int start = i;
        while (i < n) {
            if (sql.startsWith("/*", i)) {
                if (depth > 0 && sqlite) {
                    i += 2; // SQLite does not nest: an inner /* is just text
                    continue;
                }
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
        if (!sqlite) {
            throw SandboxException.invalid("the /* comment opened at character " + (start + 1)
                    + " is never closed (PostgreSQL comments nest: every /* needs its own */)");
        }
    }

    /** E'...', B'...', X'...', N'...', U&'...' and U&"..." (PostgreSQL; SQLite only X'...'). */
    private Token prefixedLiteral(int start) {
        char c = Character.toUpperCase(sql.charAt(i));
        if (i + 1 < n && sql.charAt(i + 1) == '\'') {
            boolean prefix = sqlite ? c == 'X' : c == 'E' || c == 'B' || c == 'X' || c == 'N';
            if (prefix) {
                return string(start, i + 1, !sqlite && c == 'E');
            }
        }
        if (!sqlite && c == 'U' && i + 2 < n && sql.charAt(i + 1) == '&') {
            char quote = sql.charAt(i + 2);
            if (quote == '\'') {
                return string(start, i + 2, false);
            }
            if (quote == '"') {
                return unicodeIdentifier(start);
            }
        }
        return null;
    }

    private Token string(int start, int quote, boolean backslashEscapes) {
        StringBuilder content = new StringBuilder();
        int j = quote + 1;
        while (true) {
            if (j >= n) {
                throw SandboxException.invalid("the string literal opened at character " + (start + 1)
                        + " is never closed");
            }
            char c = sql.charAt(j);
            if (backslashEscapes && c == '\\' && j + 1 < n) {
                content.append('_');
                j += 2;
            } else if (c == '\'') {
                if (j + 1 < n && sql.charAt(j + 1) == '\'') {
                    content.append('_');
                    j += 2;
                } else {
                    break;
                }
            } else {
                content.append(c == '\\' ? '_' : c);
                j++;
            }
        }
        i = j + 1;
        return new Token(Kind.STRING, start, i, "'" + content + "'");
    }

    private Token quotedIdentifier(int start, int open, char close) {
        int j = open + 1;
        StringBuilder name = new StringBuilder();
        while (true) {
            if (j >= n) {
                throw SandboxException.invalid("the quoted name opened at character " + (start + 1)
                        + " is never closed");
            }
            char c = sql.charAt(j);
            if (c == close) {
                if (close != ']' && j + 1 < n && sql.charAt(j + 1) == close) {
                    name.append(c);
                    j += 2;
                    continue;
                }
                break;
            }
            name.append(c);
            j++;
        }
        i = j + 1;
        return new Token(Kind.IDENTIFIER, start, i, quoted(name.toString()));
    }

    /** U&"d\0061ta" [UESCAPE '!']: the decoded name, as the engine resolves it. */
    private Token unicodeIdentifier(int start) {
        Token raw = quotedIdentifier(start, start + 2, '"');
        String body = raw.text().substring(1, raw.text().length() - 1).replace("\"\"", "\"");
        char escape = '\\';
        int afterName = i;
        Token following = next();
        if (following != null && following.isWord("uescape")) {
            Token escapeLiteral = next();
            String literal = escapeLiteral == null ? "" : sql.substring(escapeLiteral.start(), escapeLiteral.end());
            if (escapeLiteral == null || escapeLiteral.kind() != Kind.STRING || literal.length() != 3) {
                throw SandboxException.invalid("UESCAPE must be followed by a one-character string literal");
            }
            escape = literal.charAt(1);
        } else {
            i = afterName;
        }
        return new Token(Kind.IDENTIFIER, start, i, quoted(decodeUnicode(body, escape)));
    }

    private static String decodeUnicode(String body, char escape) {
        StringBuilder out = new StringBuilder();
        int j = 0;
        while (j < body.length()) {
            char c = body.charAt(j);
            if (c != escape) {
                out.append(c);
                j++;
            } else if (j + 1 < body.length() && body.charAt(j + 1) == escape) {
                out.append(escape);
                j += 2;
            } else {
                boolean wide = j + 1 < body.length() && body.charAt(j + 1) == '+';
                int digits = wide ? 6 : 4;
                int from = j + (wide ? 2 : 1);
                if (from + digits > body.length()) {
                    throw SandboxException.invalid("a Unicode escape in a U&\"...\" name is incomplete");
                }
                try {
                    out.appendCodePoint(Integer.parseInt(body.substring(from, from + digits), 16));
                } catch (IllegalArgumentException e) {
                    throw SandboxException.invalid("a Unicode escape in a U&\"...\" name is not hexadecimal");
                }
                j = from + digits;
            }
        }
        return out.toString();
    }

    private Token dollarQuoted(int start) {
        int tagEnd = start + 1;
        while (tagEnd < n && sql.charAt(tagEnd) != '$') {
            char c = sql.charAt(tagEnd);
            if (!(tagEnd == start + 1 ? isIdentifierStart(c) : isIdentifierPart(c) && c != '$')) {
                return null;
            }
            tagEnd++;
        }
        if (tagEnd >= n) {
            return null;
        }
        String tag = sql.substring(start, tagEnd + 1);
        int close = sql.indexOf(tag, tagEnd + 1);
        if (close < 0) {
            throw SandboxException.invalid("the dollar-quoted string " + tag + " opened at character " + (start + 1)
                    + " is never closed");
        }
        String content = sql.substring(tagEnd + 1, close).replace('\'', '_').replace('\\', '_');
        i = close + tag.length();
        return new Token(Kind.STRING, start, i, "'" + content + "'");
    }

    private static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static boolean isIdentifierStart(char c) {
        return Character.isLetter(c) || c == '_' || c >= 0x80;
    }

    private boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c >= 0x80;
    }

    /** Words JSqlParser reserves but neither engine does (a CTE named {@code final}): quoted for the analysis. */
    private static final class SoftKeywords {
        private static final java.util.Set<String> WORDS = java.util.Set.of("final");

        static String analysed(String word, boolean qualified) {
            return !qualified && WORDS.contains(word.toLowerCase(Locale.ROOT)) ? "\"" + word + "\"" : word;
        }
    }
}
