package dev.overtone.parser.analysis;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The most SQL parser-svc reads, checked on the tokens before JSqlParser sees a statement: at most {@link #MAX_LENGTH}
 * characters, parentheses and CASE nested at most {@link #MAX_NESTING} deep, at most {@link #MAX_OPERATOR_CHAIN}
 * operators chained in one expression (each one more level of the parsed tree). JSqlParser's time grows far faster
 * than the nesting (1,500 parentheses took 5.7 s, 3,000 took 35 s, both ending in a stack overflow), and the walks
 * over the tree recurse once per level, so beyond these a statement would hold a worker thread for minutes or
 * overflow its stack. The bounds are executor-svc's default policy's (policy.max-sql-length, max-nesting,
 * max-operator-chain): whatever the sandbox runs by default, parser-svc reads.
 */
final class SqlBounds {
    static final int MAX_LENGTH = 100_000;
    static final int MAX_NESTING = 100;
    static final int MAX_OPERATOR_CHAIN = 1_000;
    /** Words after which a new expression starts: the operator count restarts. */
    private static final Set<String> CLAUSE_WORDS = Set.of("select", "from", "where", "group", "having", "order",
            "limit", "offset", "on", "when", "then", "else", "union", "intersect", "except", "by", "join", "window",
            "values");

    private SqlBounds() {
    }

    /** SqlSyntaxException, naming the bound and where it was passed, for a statement beyond one. */
    static void check(String sql) {
        if (sql.length() > MAX_LENGTH) {
            throw new SqlSyntaxException(String.format("the SQL is %,d characters long; parser-svc reads at most %,d",
                    sql.length(), MAX_LENGTH), 1, 1);
        }
        List<SqlToken> tokens = SqlLexer.tokenize(sql);
        Deque<int[]> outer = new ArrayDeque<>(); // per open parenthesis: the operators chained outside it
        int[] chain = {0};
        int cases = 0;
        for (SqlToken token : tokens) {
            if (token.is("case")) cases++;
            else if (token.is("end") && cases > 0) cases--;
            if (token.is("(")) {
                outer.push(chain);
                chain = new int[] {0};
            } else if (token.is(")")) {
                chain = outer.isEmpty() ? new int[] {0} : outer.pop();
            } else if (token.is(",") || token.kind() == SqlToken.Kind.WORD && CLAUSE_WORDS.contains(lower(token))) {
                chain[0] = 0;
            } else if (isOperator(token) && ++chain[0] > MAX_OPERATOR_CHAIN) {
                throw beyond(sql, token, String.format("an expression chains more than %,d operators; split it, e.g."
                        + " with IN (...) or a join on a VALUES list", MAX_OPERATOR_CHAIN));
            }
            if (outer.size() + cases > MAX_NESTING) {
                throw beyond(sql, token, "parentheses and CASE nest deeper than " + MAX_NESTING
                        + " levels; flatten the expression or use a CTE");
            }
        }
    }

    private static boolean isOperator(SqlToken token) {
        return token.kind() == SqlToken.Kind.OPERATOR || token.is("and") || token.is("or");
    }

    private static String lower(SqlToken token) {
        return token.text().toLowerCase(java.util.Locale.ROOT);
    }

    private static SqlSyntaxException beyond(String sql, SqlToken at, String what) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at.start(); i++) {
            if (sql.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = at.start() - lineStart + 1;
        return new SqlSyntaxException(what + " (at line " + line + ", column " + column + ")", line, column);
    }
}
