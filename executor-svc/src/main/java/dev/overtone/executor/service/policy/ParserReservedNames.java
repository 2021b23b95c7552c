package dev.overtone.executor.service.policy;

import java.util.Locale;
import java.util.Set;

/**
 * Names that JSqlParser reserves where neither engine does ({@code number}, {@code statement}, {@code final},
 * ...): a statement that uses one as a column or table name runs on the engine but does not parse for the
 * policy. When the first parse fails, the policy parses once more with every plain word quoted that is not
 * part of the SELECT grammar, a call's name or a type after {@code ::}; the engine still receives the text as
 * written. A word missing from {@link #SYNTAX} only makes that second parse fail too (the refusal stands); the
 * words that decide what a statement does (INTO, FOR UPDATE, DML in a CTE, set operations) are listed, so
 * quoting can never turn one of them into a name.
 */
final class ParserReservedNames {
    private static final Set<String> SYNTAX = Set.of(
            "select", "from", "where", "group", "by", "having", "order", "limit", "offset", "fetch", "first", "next",
            "rows", "row", "only", "ties", "percent", "with", "recursive", "materialized", "not", "as", "on", "using",
            "join", "inner", "left", "right", "full", "outer", "cross", "natural", "lateral", "union", "intersect",
            "except", "minus", "all", "distinct", "and", "or", "xor", "is", "null", "true", "false", "unknown", "in",
            "exists", "any", "some", "between", "like", "ilike", "glob", "similar", "escape", "case", "when", "then",
            "else", "end", "asc", "desc", "nulls", "last", "over", "partition", "range", "groups", "preceding",
            "following", "unbounded", "current", "exclude", "others", "filter", "within", "window", "values", "table",
            "into", "for", "update", "share", "no", "key", "nowait", "skip", "locked", "of", "insert", "delete",
            "merge", "set", "returning", "collate", "cast", "extract", "interval", "at", "time", "zone", "date",
            "timestamp", "array", "explain", "query", "plan", "indexed", "to", "do", "nothing", "conflict", "default",
            "isnull", "notnull", "regexp", "match", "div", "mod", "cube", "rollup", "grouping", "sets");

    private ParserReservedNames() {
    }

    /** Whether token {@code i} may be quoted for the second parse. */
    static boolean quotable(TokenView tokens, int i) {
        SqlLexer.Token token = tokens.get(i);
        if (token.kind() != SqlLexer.Kind.WORD || SYNTAX.contains(token.text().toLowerCase(Locale.ROOT))) {
            return false;
        }
        boolean call = i + 1 < tokens.size() && tokens.is(i + 1, "(");
        boolean typeAfterCast = i >= 2 && tokens.is(i - 1, ":") && tokens.is(i - 2, ":");
        return !call && !typeAfterCast && !token.text().startsWith("\"");
    }
}
