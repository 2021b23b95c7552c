package dev.overtone.parser.dialect;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlLexer;
import dev.overtone.parser.analysis.SqlToken;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Token-level rewrites between SQLite and PostgreSQL. Works on tokens, not on a parse tree, so it
 * also repairs SQL that the parser would reject (SQLite's double-quoted string literals, {@code ==}).
 * Comments are read as the target engine will read the output ({@link SqlLexer}).
 */
public final class DialectRewriter {

    public static final String SQLITE = "sqlite";
    public static final String POSTGRESQL = "postgresql";

    private static final Set<String> COMPARISON = Set.of("=", "==", "<>", "!=", "<", ">", "<=", ">=");
    private static final Set<String> LITERAL_BEFORE = Set.of("LIKE", "GLOB", "ILIKE", "THEN", "ELSE", "WHEN", "BETWEEN", "IS", "REGEXP");

    /** The rewritten text and the rewrites applied, in words. */
    public record Rewritten(String sql, List<String> rewrites) {
    }

    private DialectRewriter() {
    }

    /** SQL that JSqlParser accepts, with the same lines as the input (positions stay meaningful). */
    public static String parsable(String sql, SchemaIndex schema) {
        return rewrite(sql, schema, null).sql();
    }

    /** Rewrites SQL into the target dialect ("sqlite" or "postgresql"). */
    public static Rewritten normalize(String sql, String target, SchemaIndex schema) {
        String t = target == null ? "" : target.toLowerCase(Locale.ROOT);
        if (!t.equals(SQLITE) && !t.equals(POSTGRESQL))
            throw new IllegalArgumentException("target dialect must be \"sqlite\" or \"postgresql\", not \"" + target + "\"");
        return rewrite(sql, schema, t);
    }

    private static Rewritten rewrite(String sql, SchemaIndex schema, String target) {
        List<SqlToken> tokens = SQLITE.equals(target) ? SqlLexer.tokenizeSqlite(sql) : SqlLexer.tokenize(sql);
        List<String> rewrites = new ArrayList<>();
        StringBuilder out = new StringBuilder(sql.length() + 16);
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken tok = tokens.get(i);
            switch (tok.kind()) {
                case OPERATOR -> {
                    if (tok.text().equals("==")) {
                        out.append(target == null ? "= " : "=");
                        rewrites.add("== -> =");
                    } else {
                        out.append(tok.text());
                    }
                }
                case DOUBLE_QUOTED -> {
                    if (isStringLiteral(tokens, i, schema)) {
                        String lit = "'" + tok.unquoted().replace("'", "''") + "'";
                        out.append(lit);
                        rewrites.add("double-quoted string literal " + lit);
                    } else {
                        out.append(tok.text());
                    }
                }
                case BACKTICKED, BRACKETED -> {
                    String name = tok.unquoted();
                    out.append(plainIdentifier(name) && target != null ? name : "\"" + name.replace("\"", "\"\"") + "\"");
                    rewrites.add((tok.kind() == SqlToken.Kind.BACKTICKED ? "backtick" : "bracket") + " identifier " + name);
                }
                case WORD -> out.append(word(tokens, i, target, rewrites));
                default -> out.append(tok.text());
            }
        }
        String text = out.toString().strip();
        while (text.endsWith(";")) text = text.substring(0, text.length() - 1).strip();
        return new Rewritten(text, List.copyOf(rewrites));
    }

    private static String word(List<SqlToken> tokens, int i, String target, List<String> rewrites) {
        SqlToken tok = tokens.get(i);
        boolean call = nextSignificant(tokens, i).map(t -> t.text().equals("(")).orElse(false);
        if (target == null || !call) return tok.text();
        String upper = tok.text().toUpperCase(Locale.ROOT);
        if (target.equals(POSTGRESQL) && upper.equals("IFNULL")) {
            rewrites.add("IFNULL -> COALESCE");
            return "COALESCE";
        }
        if (target.equals(POSTGRESQL) && upper.equals("SUBSTR")) {
            rewrites.add("SUBSTR -> SUBSTRING");
            return "SUBSTRING";
        }
        if (target.equals(SQLITE) && upper.equals("COALESCE") && arity(tokens, i) == 2) {
            rewrites.add("COALESCE -> IFNULL");
            return "IFNULL";
        }
        return tok.text();
    }

    private static int arity(List<SqlToken> tokens, int i) {
        int depth = 0;
        int commas = 0;
        for (int j = i + 1; j < tokens.size(); j++) {
            String t = tokens.get(j).text();
            if (t.equals("(")) depth++;
            else if (t.equals(")") && --depth == 0) return commas + 1;
            else if (t.equals(",") && depth == 1) commas++;
        }
        return commas + 1;
    }

    private static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public static boolean plainIdentifier(String name) {
        return PLAIN_IDENTIFIER.matcher(name).matches();
    }

    /**
     * A double-quoted token is a string literal when the schema knows no such name, or, without a
     * schema, when it holds characters no identifier would or stands where a value is expected.
     */
    static boolean isStringLiteral(List<SqlToken> tokens, int i, SchemaIndex schema) {
        String inner = tokens.get(i).unquoted();
        SqlToken prev = previousSignificant(tokens, i).orElse(null);
        if (prev != null && prev.is("AS")) return false;
        boolean followedByDot = nextSignificant(tokens, i).map(t -> t.text().equals(".")).orElse(false);
        boolean precededByDot = prev != null && prev.text().equals(".");
        if (followedByDot || precededByDot) return false;
        if (schema != null && !schema.isEmpty()) return !schema.knowsName(inner) && !definedAsAlias(tokens, inner);
        if (inner.isEmpty() || !plainIdentifier(inner)) return true;
        if (prev == null) return false;
        String p = prev.text().toUpperCase(Locale.ROOT);
        if (COMPARISON.contains(p) || LITERAL_BEFORE.contains(p)) return true;
        return (p.equals("(") || p.equals(",")) && insideInList(tokens, i);
    }

    private static boolean definedAsAlias(List<SqlToken> tokens, String name) {
        for (int j = 1; j < tokens.size(); j++) {
            SqlToken t = tokens.get(j);
            if (t.significant() && t.unquoted().equalsIgnoreCase(name)) {
                SqlToken prev = previousSignificant(tokens, j).orElse(null);
                if (prev != null && prev.is("AS")) return true;
            }
        }
        return false;
    }

    private static boolean insideInList(List<SqlToken> tokens, int i) {
        int depth = 0;
        for (int j = i - 1; j >= 0; j--) {
            String t = tokens.get(j).text();
            if (t.equals(")")) depth++;
            else if (t.equals("(")) {
                if (depth == 0) return previousSignificant(tokens, j).map(x -> x.is("IN")).orElse(false);
                depth--;
            }
        }
        return false;
    }

    public static java.util.Optional<SqlToken> previousSignificant(List<SqlToken> tokens, int i) {
        for (int j = i - 1; j >= 0; j--) if (tokens.get(j).significant()) return java.util.Optional.of(tokens.get(j));
        return java.util.Optional.empty();
    }

    static java.util.Optional<SqlToken> nextSignificant(List<SqlToken> tokens, int i) {
        for (int j = i + 1; j < tokens.size(); j++) if (tokens.get(j).significant()) return java.util.Optional.of(tokens.get(j));
        return java.util.Optional.empty();
    }
}
