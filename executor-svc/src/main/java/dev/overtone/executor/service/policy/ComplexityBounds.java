package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.SandboxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * Bounds the depth of a statement before the parser sees it: parentheses nested deeper than
 * {@code policy.max-nesting} and chains of more than {@code policy.max-operator-chain} operators
 * (each operator is one more level in the parsed tree) are refused, so that parsing and walking
 * stay within a small, known stack and time.
 */
final class ComplexityBounds {
    private static final String OPERATOR_CHARACTERS = "+-*/%^<>=!|&~#@?";
    /** Words after which a new expression starts: the operator count restarts. */
    private static final Set<String> CLAUSE_WORDS = Set.of("select", "from", "where", "group", "having", "order",
            "limit", "offset", "on", "when", "then", "else", "union", "intersect", "except", "by", "join",
            "returning", "window", "values");

    private final int maxNesting;
    private final int maxChain;

    ComplexityBounds(int maxNesting, int maxChain) {
        this.maxNesting = maxNesting;
        this.maxChain = maxChain;
    }

    /**
     * Refuses a statement beyond the bounds; else returns its deepest nesting of parentheses, brackets and
     * CASE ... END together (what decides whether it is parsed on the calling thread, {@link ParseBounds}).
     */
    int check(TokenView tokens) {
        Deque<int[]> chains = new ArrayDeque<>(); // per open parenthesis: operators in the current chain
        int[] chain = {0};
        int cases = 0;
        int deepest = 0;
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token token = tokens.get(i);
            if (tokens.is(i, "case")) {
                deepest = Math.max(deepest, chains.size() + ++cases);
            } else if (tokens.is(i, "end") && cases > 0) {
                cases--;
            }
            if (tokens.is(i, "(") || tokens.is(i, "[")) {
                chains.push(chain);
                chain = new int[] {0};
                deepest = Math.max(deepest, chains.size() + cases);
                if (chains.size() > maxNesting) {
                    throw SandboxException.denied("too-complex", "parentheses nest deeper than " + maxNesting
                            + " levels (overtone.executor.policy.max-nesting); flatten the expression or use a CTE");
                }
            } else if (tokens.is(i, ")") || tokens.is(i, "]")) {
                chain = chains.isEmpty() ? new int[] {0} : chains.pop();
            } else if (tokens.is(i, ",") || tokens.isWord(i) && CLAUSE_WORDS.contains(tokens.name(i))) {
                chain[0] = 0;
            } else if (isOperator(tokens, i, token)) {
                if (++chain[0] > maxChain) {
                    throw SandboxException.denied("too-complex", "an expression chains more than " + maxChain
                            + " operators (overtone.executor.policy.max-operator-chain); split it, e.g. with IN (...)"
                            + " or a join on a VALUES list");
                }
            }
        }
        return deepest;
    }

    /** AND, OR, or the first character of a run of operator characters (|| and >= are one operator). */
    private static boolean isOperator(TokenView tokens, int i, SqlLexer.Token token) {
        if (token.kind() == SqlLexer.Kind.WORD) {
            return tokens.is(i, "and") || tokens.is(i, "or");
        }
        if (token.kind() != SqlLexer.Kind.PUNCTUATION || token.text().length() != 1
                || OPERATOR_CHARACTERS.indexOf(token.text().charAt(0)) < 0) {
            return false;
        }
        SqlLexer.Token previous = i > 0 ? tokens.get(i - 1) : null;
        return previous == null || previous.end() != token.start() || previous.kind() != SqlLexer.Kind.PUNCTUATION
                || OPERATOR_CHARACTERS.indexOf(previous.text().charAt(0)) < 0;
    }
}
