package dev.overtone.executor.service.policy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every function call in a statement's tokens: a name directly followed by {@code (}, unless it is a
 * keyword that takes a parenthesis, a type name with modifiers, a CTE name with its column list or an
 * alias with its column list. What is not proven to be one of those counts as a call, so that an
 * unforeseen spelling is judged against the allow-list rather than let through.
 */
final class CallSites {
    /** Keywords followed by a parenthesis that is not a function's argument list. */
    static final Set<String> PAREN_KEYWORDS = Set.of("in", "exists", "any", "all", "some", "array", "row",
            "values", "over", "filter", "group", "within", "as", "using", "on", "and", "or", "not", "select",
            "from", "join", "where", "by", "when", "then", "else", "case", "cast", "extract", "distinct", "like",
            "ilike", "glob", "regexp", "match", "between", "is", "lateral", "union", "intersect", "except",
            "having", "limit", "offset", "materialized", "with", "recursive", "returning", "escape", "to",
            "similar", "overlaps", "rows", "range", "groups", "cube", "rollup", "sets", "window", "table",
            "tablesample", "repeatable", "collate", "operator", "fetch", "for", "into", "end", "interval");
    /** Calls with their own syntax, which the parser keeps as nodes of their own rather than as a Function. */
    static final Set<String> OWN_SYNTAX_CALLS = Set.of("trim", "substring", "position", "overlay", "xmltable",
            "xmlserialize", "xmlelement", "xmlforest", "xmlparse", "xmlpi", "xmlroot", "xmlexists", "json_object",
            "json_array", "json_arrayagg", "json_objectagg", "json_value", "json_query", "json_exists", "json_table",
            "json", "json_scalar", "json_serialize");
    /** Type names that take modifiers: {@code varchar(10)}, {@code numeric(10, 2)}. */
    private static final Set<String> TYPE_NAMES = Set.of("varchar", "char", "character", "varying", "nchar",
            "nvarchar", "numeric", "decimal", "dec", "float", "bit", "time", "timestamp", "interval", "int", "integer",
            "bigint", "smallint", "tinyint", "mediumint", "text", "blob", "real", "double", "precision");
    /**
     * Words after which a name cannot be an alias: where one of these stands, {@code name(...)} is an
     * expression. Together with {@link #PAREN_KEYWORDS} the words that may precede an expression.
     */
    private static final Set<String> EXPRESSION_KEYWORDS = Set.of("leading", "trailing", "both", "placing",
            "symmetric", "asymmetric", "zone", "at", "value", "key", "passing", "default", "columns", "path",
            "format", "json", "first", "next", "preceding", "following", "unbounded", "current", "exclude",
            "ties", "only", "nulls", "asc", "desc", "natural", "left", "right", "full", "inner", "outer", "cross",
            "if", "return", "isnull", "notnull", "unique", "of", "set", "do", "error", "empty", "wrapper",
            "quotes", "keys", "absent", "null", "true", "false", "ordinality", "xmlnamespaces", "document",
            "content", "name", "minus", "top", "percent", "separator", "ignore", "respect", "uescape", "collation",
            "search", "cycle", "depth", "breadth", "explain", "query", "plan", "qualify", "under", "without",
            "variadic", "indexed", "raise");

    /** A call: the function's name and the index of its name token. */
    record Call(String name, int index, boolean qualified) {
    }

    private CallSites() {
    }

    static List<Call> find(TokenView tokens) {
        Set<Integer> cteNames = cteNamesWithColumns(tokens);
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (!tokens.isCallShaped(i) || cteNames.contains(i)) {
                continue;
            }
            String name = tokens.name(i);
            boolean word = tokens.isWord(i);
            if (word && !tokens.isQualified(i) && PAREN_KEYWORDS.contains(name)) {
                continue;
            }
            if (tokens.is(i - 1, "as") || isTypeModifier(tokens, i) || isAliasColumnList(tokens, i)) {
                continue;
            }
            calls.add(new Call(name, i, tokens.isQualified(i)));
        }
        return calls;
    }

    /** Names of every call, for the cross-check with the parsed tree. */
    static Set<String> names(List<Call> calls) {
        Set<String> names = new HashSet<>();
        calls.forEach(c -> names.add(c.name()));
        return names;
    }

    private static boolean isTypeModifier(TokenView tokens, int i) {
        if (!TYPE_NAMES.contains(tokens.name(i)) || tokens.isQualified(i)) {
            return false;
        }
        for (int[] argument : tokens.arguments(i)) {
            if (tokens.integerLiteral(argument[0], argument[1]) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code FROM f(x) t(a, b)} or {@code FROM hotels h(a, b)}: after a {@code )} or a name that is not a
     * keyword, a parenthesis holding only plain names is an alias's column list.
     */
    private static boolean isAliasColumnList(TokenView tokens, int i) {
        if (tokens.isQualified(i)) {
            return false;
        }
        boolean afterAliasable = tokens.is(i - 1, ")")
                || i > 0 && tokens.get(i - 1).kind() == SqlLexer.Kind.IDENTIFIER
                || tokens.isWord(i - 1) && !isKeyword(tokens.name(i - 1));
        return afterAliasable && isNameList(tokens, i);
    }

    private static boolean isKeyword(String word) {
        return PAREN_KEYWORDS.contains(word) || EXPRESSION_KEYWORDS.contains(word);
    }

    private static boolean isNameList(TokenView tokens, int i) {
        for (int[] argument : tokens.arguments(i)) {
            if (argument[1] - argument[0] != 1 || !tokens.isName(argument[0]) || isKeyword(tokens.name(argument[0]))) {
                return false;
            }
        }
        return tokens.matching(i + 1) > i + 2;
    }

    /**
     * Name tokens of CTEs declared with a column list, {@code WITH [RECURSIVE] t(a, b) AS (...), u(c) AS (...)}:
     * only where WITH (or the comma after a CTE's body) puts a CTE's name.
     */
    private static Set<Integer> cteNamesWithColumns(TokenView tokens) {
        Set<Integer> names = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (!tokens.is(i, "with")) {
                continue;
            }
            int name = tokens.is(i + 1, "recursive") ? i + 2 : i + 1;
            while (tokens.isName(name)) {
                int afterName = name + 1;
                if (tokens.is(afterName, "(")) {
                    int close = tokens.matching(afterName);
                    if (close < 0 || !tokens.is(close + 1, "as") || !isNameList(tokens, name)) {
                        break;
                    }
                    names.add(name);
                    afterName = close + 1;
                }
                if (!tokens.is(afterName, "as")) {
                    break;
                }
                int body = afterName + 1;
                if (tokens.is(body, "not")) {
                    body++;
                }
                if (tokens.is(body, "materialized")) {
                    body++;
                }
                int bodyEnd = tokens.is(body, "(") ? tokens.matching(body) : -1;
                if (bodyEnd < 0 || !tokens.is(bodyEnd + 1, ",")) {
                    break;
                }
                name = bodyEnd + 2;
            }
        }
        return names;
    }
}
