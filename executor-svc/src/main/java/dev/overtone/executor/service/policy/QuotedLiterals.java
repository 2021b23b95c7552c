package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.ArrayList;
import java.util.List;

/**
 * The quoted tokens as each engine reads them: string literals (PostgreSQL's {@code E''}, {@code B''},
 * {@code X''}, {@code U&''} with {@code UESCAPE}, continuations after a newline, dollar quotes; SQLite's
 * {@code X''}) with their content neutralised for the analysis, and quoted names ({@code "..."}, {@code U&"..."},
 * SQLite's {@code [...]} and backquotes).
 */
abstract class QuotedLiterals extends SqlScanner {
    /** How the characters between two quotes are read. */
    enum Quoting {
        /** {@code ''} is a quote, a backslash is text */
        PLAIN,
        /** PostgreSQL {@code E''}: {@code ''} and backslash escapes */
        BACKSLASH,
        /** PostgreSQL {@code B''}, {@code X''} and SQLite {@code X''}: the first quote ends it */
        UNDOUBLED
    }

    QuotedLiterals(String sql, EngineKind engine) {
        super(sql, engine);
    }

    /**
     * A string literal from {@code start} (its prefix) with its first quote at {@code quote}, and on
     * PostgreSQL the parts that continue it after a newline, each a token of its own.
     */
    void string(int start, int quote, Quoting quoting) {
        StringBuilder content = new StringBuilder();
        int firstEnd = quotedPart(start, quote, quoting, content);
        List<SqlLexer.Token> continuations = new ArrayList<>();
        int end = firstEnd;
        int next;
        while ((next = continuedAt(end)) >= 0) {
            end = quotedPart(start, next, quoting, content);
            continuations.add(new SqlLexer.Token(SqlLexer.Kind.CONTINUATION, next, end, ""));
        }
        tokens.add(new SqlLexer.Token(SqlLexer.Kind.STRING, start, firstEnd, "'" + content + "'"));
        tokens.addAll(continuations);
        i = end;
    }

    /** Reads from the opening quote to after the closing one, appending the neutralised content. */
    int quotedPart(int literalStart, int open, Quoting quoting, StringBuilder content) {
        int j = open + 1;
        while (true) {
            if (j >= n) {
                throw SandboxException.invalid("the string literal opened at character " + (literalStart + 1)
                        + " is never closed");
            }
            char c = sql.charAt(j);
            if (quoting == Quoting.BACKSLASH && c == '\\' && j + 1 < n) {
                content.append('_');
                j += 2;
            } else if (c == '\'') {
                if (quoting != Quoting.UNDOUBLED && j + 1 < n && sql.charAt(j + 1) == '\'') {
                    content.append('_');
                    j += 2;
                } else {
                    return j + 1;
                }
            } else {
                content.append(c == '\\' ? '_' : c);
                j++;
            }
        }
    }

    /**
     * PostgreSQL's {@code quotecontinue}: after a closing quote, blanks and {@code --} comments holding
     * at least one newline, then a quote, continue the literal. Returns that quote's index, or -1.
     */
    private int continuedAt(int from) {
        if (sqlite) {
            return -1;
        }
        int j = from;
        while (j < n) { // horizontal blanks and comments up to the newline
            char c = sql.charAt(j);
            if (c == ' ' || c == '\t' || c == '\f' || c == '\u000b') {
                j++;
            } else if (sql.startsWith("--", j)) {
                j = lineCommentEnd(j + 2);
            } else {
                break;
            }
        }
        if (j >= n || (sql.charAt(j) != '\n' && sql.charAt(j) != '\r')) {
            return -1;
        }
        j++;
        while (j < n) { // then blanks, and comments that end at a newline
            char c = sql.charAt(j);
            if (isBlank(c)) {
                j++;
            } else if (sql.startsWith("--", j)) {
                j = lineCommentEnd(j + 2);
                if (j >= n) {
                    return -1;
                }
                j++;
            } else {
                break;
            }
        }
        return j < n && sql.charAt(j) == '\'' ? j : -1;
    }

    void quotedIdentifier(int start, int open, char close) {
        String name = quotedName(start, open, close);
        tokens.add(new SqlLexer.Token(SqlLexer.Kind.IDENTIFIER, start, i, quoted(name)));
    }

    /** The name between {@code open} and {@code close} (doubled closers undone, not for SQLite's []); sets i after it. */
    private String quotedName(int start, int open, char close) {
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
        return name.toString();
    }

    /** U&"d\0061ta" [UESCAPE '!']: the decoded name, as the engine resolves it. */
    void unicodeIdentifier(int start) {
        String body = quotedName(start, start + 2, '"');
        int end = i;
        Escape escape = uescape();
        tokens.add(new SqlLexer.Token(SqlLexer.Kind.IDENTIFIER, start, end, quoted(decodeUnicode(body, escape.character()))));
        tokens.addAll(escape.tokens());
    }

    record Escape(char character, List<SqlLexer.Token> tokens) {
    }

    /**
     * After a U&amp; literal, PostgreSQL's parser looks at the next token: {@code UESCAPE} must then be
     * followed by a string literal of one character. Anything else than a plain {@code 'c'} is refused.
     */
    Escape uescape() {
        int afterLiteral = i;
        skipBlanksAndComments();
        int keyword = i;
        if (i >= n || !isIdentifierStart(sql.charAt(i)) || !sql.substring(i, identifierEnd(i + 1))
                .equalsIgnoreCase("uescape")) {
            i = afterLiteral;
            return new Escape('\\', List.of());
        }
        i = identifierEnd(i + 1);
        SqlLexer.Token word = new SqlLexer.Token(SqlLexer.Kind.UESCAPE, keyword, i, "");
        skipBlanksAndComments();
        int literal = i;
        int end = i < n && sql.charAt(i) == '\'' ? quotedPart(i, i, Quoting.PLAIN, new StringBuilder()) : -1;
        if (end != literal + 3 || continuedAt(end) >= 0) {
            throw SandboxException.invalid("UESCAPE at character " + (keyword + 1)
                    + " must be followed by a one-character string literal such as '!'");
        }
        char escape = sql.charAt(literal + 1);
        if (Character.digit(escape, 16) >= 0 || escape == '+' || escape == '\'' || escape == '"' || isBlank(escape)) {
            throw SandboxException.invalid("UESCAPE '" + escape + "' at character " + (keyword + 1)
                    + " is not a valid escape character (not a hexadecimal digit, +, a quote or a blank)");
        }
        i = end;
        return new Escape(escape, List.of(word, new SqlLexer.Token(SqlLexer.Kind.UESCAPE, literal, end, "")));
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

    /** PostgreSQL at a {@code $}: a parameter ($1, refused), a dollar-quoted string, or the character itself. */
    void dollar(int start) {
        if (start + 1 < n && isDigit(sql.charAt(start + 1))) {
            throw parameter(start, identifierEnd(start + 1));
        }
        int tagEnd = start + 1;
        while (tagEnd < n && sql.charAt(tagEnd) != '$') {
            char c = sql.charAt(tagEnd);
            if (!(tagEnd == start + 1 ? isIdentifierStart(c) : isIdentifierStart(c) || isDigit(c))) {
                i++;
                tokens.add(new SqlLexer.Token(SqlLexer.Kind.PUNCTUATION, start, i, "$"));
                return;
            }
            tagEnd++;
        }
        if (tagEnd >= n) {
            i++;
            tokens.add(new SqlLexer.Token(SqlLexer.Kind.PUNCTUATION, start, i, "$"));
            return;
        }
        String tag = sql.substring(start, tagEnd + 1);
        int close = sql.indexOf(tag, tagEnd + 1);
        if (close < 0) {
            throw SandboxException.invalid("the dollar-quoted string " + tag + " opened at character " + (start + 1)
                    + " is never closed");
        }
        String content = sql.substring(tagEnd + 1, close).replace('\'', '_').replace('\\', '_');
        i = close + tag.length();
        tokens.add(new SqlLexer.Token(SqlLexer.Kind.STRING, start, i, "'" + content + "'"));
    }
}
