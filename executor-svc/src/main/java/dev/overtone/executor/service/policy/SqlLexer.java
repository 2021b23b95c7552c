package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits SQL into tokens the way the tenant's engine does (PostgreSQL's scan.l, SQLite's
 * tokenize.c), so that the policy counts statements and finds their first word exactly as the
 * engine will. The differences that matter:
 * <ul>
 * <li>Blanks: PostgreSQL space, \t, \n, \r, \f, \v; SQLite space, \t, \n, \f, \r (\v only inside a
 * run of blanks). Any other control character outside quotes is refused; every character from
 * U+0080 up is an identifier character in both.</li>
 * <li>{@code --} comments end at \r or \n on PostgreSQL, only at \n on SQLite.</li>
 * <li>SQLite block comments do not nest (the first {@code *}{@code /} ends them, an unterminated one
 * runs to the end, but a text ending in {@code /*} is two operators); PostgreSQL's nest and must
 * be closed.</li>
 * <li>PostgreSQL: {@code E'...'} strings with backslash escapes, {@code $tag$...$tag$} dollar quotes,
 * {@code U&'...'} and {@code U&"..."} with {@code UESCAPE}, {@code B''}/{@code X''} without doubled
 * quotes, and string literals continued after a newline ({@code 'a'\n'b'} is {@code 'ab'}); plain
 * strings never treat a backslash as an escape ({@code standard_conforming_strings}, pinned on by the
 * engine).</li>
 * <li>SQLite: {@code [name]} and {@code `name`} identifiers, {@code X'..'} blobs.</li>
 * <li>Bind parameters are refused: PostgreSQL {@code $1}; SQLite {@code ?}, {@code ?NNN},
 * {@code :name}, {@code @name}, {@code #name}, {@code $name} (with SQLite's {@code ::} and
 * {@code (...)} suffixes, which swallow quotes).</li>
 * </ul>
 * Comments become a space and the content of string literals is neutralised (quotes and
 * backslashes replaced) in {@link Lexed#analysisText()}, which is what JSqlParser reads: its own
 * lexer then cannot disagree with the engine's about where a literal ends.
 */
final class SqlLexer {

    enum Kind {
        WORD, STRING, IDENTIFIER, PUNCTUATION, SEMICOLON, NUMBER,
        /**
         * A later part of a PostgreSQL string literal continued after a newline ({@code 'a'\n'b'} is
         * {@code 'ab'}): sent after a newline; its content is in the first part's analysis text.
         */
        CONTINUATION,
        /** {@code UESCAPE} and its literal after a {@code U&} literal: sent, not analysed (the name is decoded). */
        UESCAPE
    }

    /** @param text what the analysis reads for this token; empty for tokens it does not read */
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
     *        where whitespace or a comment separated two of them (a newline before a string's
     *        continuation). What the lexer took for a comment or a blank is never sent, so a reading
     *        that differs from the engine's can only become a syntax error, never a hidden clause.
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

    /** How the characters between two quotes are read. */
    private enum Quoting {
        /** {@code ''} is a quote, a backslash is text */
        PLAIN,
        /** PostgreSQL {@code E''}: {@code ''} and backslash escapes */
        BACKSLASH,
        /** PostgreSQL {@code B''}, {@code X''} and SQLite {@code X''}: the first quote ends it */
        UNDOUBLED
    }

    private static final String PARAMETERS_UNSUPPORTED =
            "bind parameters ($1, ?, :name, @name, $name) are not supported: write the value into the statement";

    private final String sql;
    private final boolean sqlite;
    private final String dialect;
    private final int n;
    private final List<Token> tokens = new ArrayList<>();
    private int i;

    private SqlLexer(String sql, EngineKind engine) {
        this.sql = sql;
        this.sqlite = engine == EngineKind.SQLITE;
        this.dialect = sqlite ? "SQLite" : "PostgreSQL";
        this.n = sql.length();
    }

    static Lexed lex(String sql, EngineKind engine) {
        return new SqlLexer(sql, engine).run();
    }

    private Lexed run() {
        refuseUnpairedSurrogates();
        while (scanToken()) {
            // each call appends one or more tokens
        }
        List<Token> first = new ArrayList<>();
        StringBuilder analysis = new StringBuilder(n + 8);
        StringBuilder engineText = new StringBuilder(n);
        int statements = 0;
        boolean current = false;
        int end = 0;
        boolean analysisGap = false;
        for (Token token : tokens) {
            if (token.kind() == Kind.SEMICOLON) {
                current = false;
                continue;
            }
            if (!current) {
                statements++;
                current = true;
            }
            if (statements != 1) {
                continue;
            }
            if (!first.isEmpty() && token.start() > end) {
                engineText.append(token.kind() == Kind.CONTINUATION ? '\n' : ' ');
                analysisGap = true;
            }
            engineText.append(sql, token.start(), token.end());
            first.add(token);
            end = token.end();
            if (token.text().isEmpty()) {
                analysisGap = true; // a token the analysis skips still separates its neighbours
            } else {
                if (analysisGap && !analysis.isEmpty()) {
                    analysis.append(' ');
                }
                analysis.append(token.text());
                analysisGap = false;
            }
        }
        return new Lexed(first, statements, end, analysis.toString(), engineText.toString());
    }

    /** Appends the next token(s); false at the end of the text. */
    private boolean scanToken() {
        skipBlanksAndComments();
        if (i >= n) {
            return false;
        }
        int start = i;
        char c = sql.charAt(i);
        if (c == ';') {
            i++;
            tokens.add(new Token(Kind.SEMICOLON, start, i, ";"));
        } else if (c == '\'') {
            string(start, start, Quoting.PLAIN);
        } else if (c == '"') {
            quotedIdentifier(start, start, '"');
        } else if (sqlite && c == '[') {
            quotedIdentifier(start, start, ']');
        } else if (sqlite && c == '`') {
            quotedIdentifier(start, start, '`');
        } else if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1)))) {
            i = sqlite ? sqliteNumberEnd(start) : postgresNumberEnd(start);
            tokens.add(new Token(Kind.NUMBER, start, i, numberForAnalysis(sql.substring(start, i))));
        } else if (sqlite && (c == '?' || c == ':' || c == '@' || c == '#' || c == '$')) {
            throw parameter(start, sqliteVariableEnd(start));
        } else if (!sqlite && c == '$') {
            dollar(start);
        } else if (isIdentifierStart(c)) {
            wordOrPrefixedLiteral(start);
        } else if (sqlite && c == '=' && i + 1 < n && sql.charAt(i + 1) == '=') {
            i += 2;
            tokens.add(new Token(Kind.PUNCTUATION, start, i, "="));
        } else {
            i++;
            tokens.add(new Token(Kind.PUNCTUATION, start, i, String.valueOf(c)));
        }
        return true;
    }

    private void skipBlanksAndComments() {
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

    private boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || (!sqlite && c == '\u000b');
    }

    /** The index of the newline that ends a {@code --} comment (PostgreSQL: \r or \n; SQLite: \n), or the end. */
    private int lineCommentEnd(int from) {
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

    private void wordOrPrefixedLiteral(int start) {
        char c = Character.toUpperCase(sql.charAt(i));
        char next = i + 1 < n ? sql.charAt(i + 1) : 0;
        if (next == '\'') {
            if (sqlite ? c == 'X' : c == 'B' || c == 'X') {
                string(start, i + 1, Quoting.UNDOUBLED);
                return;
            }
            if (!sqlite && (c == 'E' || c == 'N')) {
                string(start, i + 1, c == 'E' ? Quoting.BACKSLASH : Quoting.PLAIN);
                return;
            }
        }
        if (!sqlite && c == 'U' && next == '&' && i + 2 < n) {
            char quote = sql.charAt(i + 2);
            if (quote == '\'') {
                string(start, i + 2, Quoting.PLAIN);
                tokens.addAll(uescape().tokens());
                return;
            }
            if (quote == '"') {
                unicodeIdentifier(start);
                return;
            }
        }
        i = identifierEnd(i + 1);
        String word = sql.substring(start, i);
        tokens.add(new Token(Kind.WORD, start, i, SoftKeywords.analysed(word, start > 0 && sql.charAt(start - 1) == '.')));
    }

    /**
     * A string literal from {@code start} (its prefix) with its first quote at {@code quote}, and on
     * PostgreSQL the parts that continue it after a newline, each a token of its own.
     */
    private void string(int start, int quote, Quoting quoting) {
        StringBuilder content = new StringBuilder();
        int firstEnd = quotedPart(start, quote, quoting, content);
        List<Token> continuations = new ArrayList<>();
        int end = firstEnd;
        int next;
        while ((next = continuedAt(end)) >= 0) {
            end = quotedPart(start, next, quoting, content);
            continuations.add(new Token(Kind.CONTINUATION, next, end, ""));
        }
        tokens.add(new Token(Kind.STRING, start, firstEnd, "'" + content + "'"));
        tokens.addAll(continuations);
        i = end;
    }

    /** Reads from the opening quote to after the closing one, appending the neutralised content. */
    private int quotedPart(int literalStart, int open, Quoting quoting, StringBuilder content) {
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

    private void quotedIdentifier(int start, int open, char close) {
        String name = quotedName(start, open, close);
        tokens.add(new Token(Kind.IDENTIFIER, start, i, quoted(name)));
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
    private void unicodeIdentifier(int start) {
        String body = quotedName(start, start + 2, '"');
        int end = i;
        Escape escape = uescape();
        tokens.add(new Token(Kind.IDENTIFIER, start, end, quoted(decodeUnicode(body, escape.character()))));
        tokens.addAll(escape.tokens());
    }

    private record Escape(char character, List<Token> tokens) {
    }

    /**
     * After a U&amp; literal, PostgreSQL's parser looks at the next token: {@code UESCAPE} must then be
     * followed by a string literal of one character. Anything else than a plain {@code 'c'} is refused.
     */
    private Escape uescape() {
        int afterLiteral = i;
        skipBlanksAndComments();
        int keyword = i;
        if (i >= n || !isIdentifierStart(sql.charAt(i)) || !sql.substring(i, identifierEnd(i + 1))
                .equalsIgnoreCase("uescape")) {
            i = afterLiteral;
            return new Escape('\\', List.of());
        }
        i = identifierEnd(i + 1);
        Token word = new Token(Kind.UESCAPE, keyword, i, "");
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
        return new Escape(escape, List.of(word, new Token(Kind.UESCAPE, literal, end, "")));
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
    private void dollar(int start) {
        if (start + 1 < n && isDigit(sql.charAt(start + 1))) {
            throw parameter(start, identifierEnd(start + 1));
        }
        int tagEnd = start + 1;
        while (tagEnd < n && sql.charAt(tagEnd) != '$') {
            char c = sql.charAt(tagEnd);
            if (!(tagEnd == start + 1 ? isIdentifierStart(c) : isIdentifierStart(c) || isDigit(c))) {
                i++;
                tokens.add(new Token(Kind.PUNCTUATION, start, i, "$"));
                return;
            }
            tagEnd++;
        }
        if (tagEnd >= n) {
            i++;
            tokens.add(new Token(Kind.PUNCTUATION, start, i, "$"));
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
        tokens.add(new Token(Kind.STRING, start, i, "'" + content + "'"));
    }

    /**
     * PostgreSQL (16+) numbers: decimal with {@code _} between digits, {@code 0x}/{@code 0o}/{@code 0b},
     * fraction, exponent; as flex matches the longest rule, identifier characters straight after a
     * number are part of the (erroneous) token, and {@code 1..} ends after the 1.
     */
    private int postgresNumberEnd(int start) {
        int j = start;
        if (sql.charAt(j) == '0' && j + 1 < n && "xXoObB".indexOf(sql.charAt(j + 1)) >= 0) {
            return identifierEnd(j + 1); // 0x1F, or junk such as 0xg: one token either way
        }
        if (sql.charAt(j) != '.') {
            j = decimalEnd(j);
        }
        if (j < n && sql.charAt(j) == '.') {
            if (j + 1 < n && sql.charAt(j + 1) == '.') {
                return j; // 1..2: the integer, then the dots
            }
            j++;
            if (j < n && isDigit(sql.charAt(j))) {
                j = decimalEnd(j);
            }
        }
        if (j < n && (sql.charAt(j) == 'e' || sql.charAt(j) == 'E')) {
            char sign = j + 1 < n ? sql.charAt(j + 1) : 0;
            if (isDigit(sign)) {
                j = decimalEnd(j + 1);
            } else if (sign == '+' || sign == '-') {
                if (j + 2 < n && isDigit(sql.charAt(j + 2))) {
                    j = decimalEnd(j + 2);
                } else {
                    return j + 2; // 1e+ : an error token of its own
                }
            }
        }
        return j < n && isIdentifierStart(sql.charAt(j)) ? identifierEnd(j + 1) : j;
    }

    /** Digits with single underscores between them, from a digit. */
    private int decimalEnd(int from) {
        int j = from + 1;
        while (j < n) {
            if (isDigit(sql.charAt(j))) {
                j++;
            } else if (sql.charAt(j) == '_' && j + 1 < n && isDigit(sql.charAt(j + 1))) {
                j += 2;
            } else {
                break;
            }
        }
        return j;
    }

    /** SQLite's tokenize.c: digits and {@code _}, {@code 0x} hex, fraction, exponent, then any identifier characters. */
    private int sqliteNumberEnd(int start) {
        int j = start;
        if (sql.startsWith("0x", j) || sql.startsWith("0X", j)) {
            if (j + 2 < n && Character.digit(sql.charAt(j + 2), 16) >= 0 && sql.charAt(j + 2) < 0x80) {
                j += 3;
                while (j < n && ((Character.digit(sql.charAt(j), 16) >= 0 && sql.charAt(j) < 0x80)
                        || sql.charAt(j) == '_')) {
                    j++;
                }
                return identifierEnd(j);
            }
        }
        j = digitsOrUnderscores(j);
        if (j < n && sql.charAt(j) == '.') {
            j = digitsOrUnderscores(j + 1);
        }
        if (j < n && (sql.charAt(j) == 'e' || sql.charAt(j) == 'E')) {
            char next = j + 1 < n ? sql.charAt(j + 1) : 0;
            boolean signed = (next == '+' || next == '-') && j + 2 < n && isDigit(sql.charAt(j + 2));
            if (isDigit(next) || signed) {
                j = digitsOrUnderscores(j + 2);
            }
        }
        return identifierEnd(j);
    }

    private int digitsOrUnderscores(int from) {
        int j = from;
        while (j < n && (isDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        return j;
    }

    /** What JSqlParser reads for a number: underscores dropped, 0x/0o/0b in decimal; anything else as written. */
    private static String numberForAnalysis(String number) {
        String digits = number.replace("_", "");
        if (digits.length() > 2 && digits.charAt(0) == '0') {
            int radix = switch (Character.toLowerCase(digits.charAt(1))) {
                case 'x' -> 16;
                case 'o' -> 8;
                case 'b' -> 2;
                default -> 0;
            };
            if (radix > 0) {
                try {
                    return new BigInteger(digits.substring(2), radix).toString();
                } catch (NumberFormatException e) {
                    return number; // the engine refuses it
                }
            }
        }
        return digits;
    }

    /** SQLite's variable token ({@code ?NNN}, or {@code $ @ : #} with a name, {@code ::} segments and a {@code (...)} suffix). */
    private int sqliteVariableEnd(int start) {
        int j = start + 1;
        if (sql.charAt(start) == '?') {
            while (j < n && isDigit(sql.charAt(j))) {
                j++;
            }
            return j;
        }
        int nameCharacters = 0;
        while (j < n) {
            char c = sql.charAt(j);
            if (isIdentifierPart(c)) {
                nameCharacters++;
                j++;
            } else if (c == '(' && nameCharacters > 0) {
                j++;
                while (j < n && sql.charAt(j) != ')' && !isSqliteSpace(sql.charAt(j))) {
                    j++;
                }
                return j < n && sql.charAt(j) == ')' ? j + 1 : j;
            } else if (c == ':' && j + 1 < n && sql.charAt(j + 1) == ':') {
                j += 2;
            } else {
                break;
            }
        }
        return j;
    }

    /** SQLite's isspace(): the blanks and \v. */
    private static boolean isSqliteSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    private SandboxException parameter(int start, int end) {
        String token = sql.substring(start, end);
        if (token.length() > 40) {
            token = token.substring(0, 40) + "…";
        }
        return SandboxException.invalid("found the bind parameter " + token + " at character " + (start + 1) + " ("
                + dialect + " reads it so): " + PARAMETERS_UNSUPPORTED);
    }

    private void refuseUnpairedSurrogates() {
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

    private int identifierEnd(int from) {
        int j = from;
        while (j < n && isIdentifierPart(sql.charAt(j))) {
            j++;
        }
        return j;
    }

    private static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Both engines: ASCII letters, underscore, and every character from U+0080 (UTF-8 bytes 0x80 and up). */
    private static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c) || c == '$';
    }

    /** Words JSqlParser reserves but neither engine does (a CTE named {@code final}): quoted for the analysis. */
    private static final class SoftKeywords {
        private static final java.util.Set<String> WORDS = java.util.Set.of("final");

        static String analysed(String word, boolean qualified) {
            return !qualified && WORDS.contains(word.toLowerCase(Locale.ROOT)) ? "\"" + word + "\"" : word;
        }
    }
}
