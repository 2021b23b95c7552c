package dev.overtone.executor.service.policy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * The lexer's tokens of one statement with what the token-level checks ask of them: names as the
 * engine resolves them, matching parentheses, and integer literals (whether the lexer gives digits
 * as one token or one per character).
 */
final class TokenView {
    private final List<SqlLexer.Token> tokens;
    private final int[] matching;

    TokenView(List<SqlLexer.Token> tokens) {
        this.tokens = tokens;
        this.matching = new int[tokens.size()];
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < tokens.size(); i++) {
            matching[i] = -1;
            if (is(i, "(")) {
                open.push(i);
            } else if (is(i, ")") && !open.isEmpty()) {
                int o = open.pop();
                matching[o] = i;
                matching[i] = o;
            }
        }
    }

    int size() {
        return tokens.size();
    }

    SqlLexer.Token get(int i) {
        return tokens.get(i);
    }

    /** True when token {@code i} exists and its text is {@code text} (punctuation) or the word {@code text}. */
    boolean is(int i, String text) {
        if (i < 0 || i >= tokens.size()) {
            return false;
        }
        SqlLexer.Token t = tokens.get(i);
        return t.kind() == SqlLexer.Kind.WORD ? t.text().equalsIgnoreCase(text)
                : t.kind() != SqlLexer.Kind.STRING && t.kind() != SqlLexer.Kind.IDENTIFIER && t.text().equals(text);
    }

    boolean isName(int i) {
        if (i < 0 || i >= tokens.size()) {
            return false;
        }
        SqlLexer.Kind kind = tokens.get(i).kind();
        return (kind == SqlLexer.Kind.WORD || kind == SqlLexer.Kind.IDENTIFIER) && !isDigits(tokens.get(i).text());
    }

    boolean isWord(int i) {
        return i >= 0 && i < tokens.size() && tokens.get(i).kind() == SqlLexer.Kind.WORD;
    }

    /** The name a WORD or IDENTIFIER token stands for, lower-cased and unquoted; "" for other tokens. */
    String name(int i) {
        if (!isName(i)) {
            return "";
        }
        String text = tokens.get(i).text();
        if (text.length() >= 2 && text.charAt(0) == '"' && text.charAt(text.length() - 1) == '"') {
            text = text.substring(1, text.length() - 1).replace("\"\"", "\"");
        }
        return text.toLowerCase(Locale.ROOT);
    }

    /** Index of the parenthesis matching the one at {@code i}; -1 when unmatched or not a parenthesis. */
    int matching(int i) {
        return i < 0 || i >= matching.length ? -1 : matching[i];
    }

    /** A name token directly followed by {@code (}. */
    boolean isCallShaped(int i) {
        return isName(i) && is(i + 1, "(");
    }

    /** Token {@code i} is preceded by a {@code .}: the last part of a qualified name. */
    boolean isQualified(int i) {
        return is(i - 1, ".");
    }

    /**
     * The non-negative integer literal spelled by tokens {@code from} (inclusive) to {@code to}
     * (exclusive) with nothing between them; -1 when they are anything else, Long.MAX_VALUE when too large.
     */
    long integerLiteral(int from, int to) {
        if (from >= to) {
            return -1;
        }
        StringBuilder digits = new StringBuilder();
        for (int i = from; i < to; i++) {
            SqlLexer.Token t = tokens.get(i);
            if (!isDigits(t.text()) || (i > from && t.start() != tokens.get(i - 1).end())) {
                return -1;
            }
            digits.append(t.text());
        }
        String value = digits.toString().replaceFirst("^0+(?=.)", "");
        return value.length() > 18 ? Long.MAX_VALUE : Long.parseLong(value);
    }

    /** The argument ranges {from, to} of the call whose name is token {@code name}. */
    List<int[]> arguments(int name) {
        int open = name + 1;
        int close = matching(open);
        List<int[]> args = new java.util.ArrayList<>();
        if (close < 0 || close == open + 1) {
            return args;
        }
        int depth = 0;
        int start = open + 1;
        for (int i = open + 1; i < close; i++) {
            if (is(i, "(") || is(i, "[")) {
                depth++;
            } else if (is(i, ")") || is(i, "]")) {
                depth--;
            } else if (depth == 0 && is(i, ",")) {
                args.add(new int[] {start, i});
                start = i + 1;
            }
        }
        args.add(new int[] {start, close});
        return args;
    }

    private static boolean isDigits(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
