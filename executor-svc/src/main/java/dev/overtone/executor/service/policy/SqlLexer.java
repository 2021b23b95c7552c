package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
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
final class SqlLexer extends QuotedLiterals {

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

    private SqlLexer(String sql, EngineKind engine) {
        super(sql, engine);
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
            i = sqlite ? SqlNumbers.sqliteNumberEnd(sql, start) : SqlNumbers.postgresNumberEnd(sql, start);
            tokens.add(new Token(Kind.NUMBER, start, i, SqlNumbers.numberForAnalysis(sql.substring(start, i))));
        } else if (sqlite && (c == '?' || c == ':' || c == '@' || c == '#' || c == '$')) {
            throw parameter(start, SqlNumbers.sqliteVariableEnd(sql, start));
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

    /** Words JSqlParser reserves but neither engine does (a CTE named {@code final}): quoted for the analysis. */
    private static final class SoftKeywords {
        private static final java.util.Set<String> WORDS = java.util.Set.of("final");

        static String analysed(String word, boolean qualified) {
            return !qualified && WORDS.contains(word.toLowerCase(Locale.ROOT)) ? "\"" + word + "\"" : word;
        }
    }
}
