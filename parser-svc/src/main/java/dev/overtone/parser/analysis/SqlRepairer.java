package dev.overtone.parser.analysis;

import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Mends a SQL that the database refused, where its error says how: an ambiguous column gives one SQL
 * per table of the FROM clause that holds it (qualified with that table); an unknown column or table
 * is replaced by the closest name of the schema (by spelling and by meaning). Every repaired SQL
 * parses and names only what the schema has.
 */
public final class SqlRepairer {

    /** What a repair did. */
    public enum Kind { QUALIFIED_AMBIGUOUS_COLUMN, CLOSEST_COLUMN, CLOSEST_TABLE }

    /** One repaired SQL: the name as written, what took its place, and the change in words. */
    public record Repair(String sql, Kind kind, String replaced, String replacement, String description) {
    }

    /** A name closer than this (spelling or meaning, in [0, 1]) may replace an unknown one (chosen on the unit-test schemas, not tuned on a data set). */
    static final double MIN_NAME_CLOSENESS = 0.5;
    /** At most this many replacements are offered for one unknown name. */
    static final int MAX_CLOSE_NAMES = 2;

    private final NameSimilarity similarity;
    private final SqlAnalyzer analyzer = new SqlAnalyzer();

    public SqlRepairer(NameSimilarity similarity) {
        this.similarity = similarity == null ? NameSimilarity.LEXICAL_ONLY : similarity;
    }

    /** The repaired SQLs, best first; empty when the error names nothing that can be mended. */
    public List<Repair> repair(String sql, String engineMessage, SchemaIndex schema) {
        EngineError error = EngineError.of(engineMessage);
        if (error.kind() == EngineError.Kind.OTHER || schema.isEmpty()) return List.of();
        List<Repair> candidates;
        try {
            candidates = switch (error.kind()) {
                case AMBIGUOUS_COLUMN -> qualify(sql, error.name(), schema);
                case UNKNOWN_COLUMN -> closestColumns(sql, error.name(), schema);
                case UNKNOWN_TABLE -> closestTables(sql, error.name(), schema);
                case OTHER -> List.of();
            };
        } catch (SqlSyntaxException | UnsupportedOperationException | ClassCastException e) {
            return List.of();
        }
        List<Repair> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Repair r : candidates) {
            // a text met before is not analysed again (seen holds only valid ones, and validity is the text's)
            if (!seen.contains(r.sql()) && valid(r.sql(), schema)) {
                seen.add(r.sql());
                out.add(r);
            }
        }
        return out;
    }

    private boolean valid(String sql, SchemaIndex schema) {
        try {
            return analyzer.analyze(sql, schema).unknownNames().isEmpty();
        } catch (SqlSyntaxException e) {
            return false;
        }
    }

    /** One SQL per table holding the ambiguous column, every unqualified use of it qualified with that table. */
    private List<Repair> qualify(String sql, String name, SchemaIndex schema) {
        String column = unqualified(name);
        List<String> holders = new ArrayList<>();
        Select read = QueryParser.parse(sql, schema);
        for (PlainSelect ps : plainSelects(read))
            for (Map.Entry<String, String> ref : references(ps).entrySet())
                if (schema.column(ref.getValue(), column).isPresent() && !holders.contains(ref.getValue())) holders.add(ref.getValue());
        List<Repair> out = new ArrayList<>();
        for (int h = 0; h < holders.size(); h++) {
            String table = holders.get(h);
            // the tree read above is done with: the first rewrite takes it over, the others parse their own
            Select tree = h == 0 ? read : QueryParser.parse(sql, schema);
            boolean[] changed = {false};
            for (PlainSelect ps : plainSelects(tree)) {
                Map<String, String> refs = references(ps);
                List<String> holding = refs.entrySet().stream().filter(e -> schema.column(e.getValue(), column).isPresent()).map(Map.Entry::getKey).toList();
                if (holding.size() < 2) continue;
                String ref = refs.entrySet().stream().filter(e -> e.getValue().equals(table)).map(Map.Entry::getKey).findFirst().orElse(holding.get(0));
                new QueryShape(ps, schema).forEachColumn(c -> {
                    if (c.getTable() == null || c.getTable().getName() == null) {
                        if (QueryShape.clean(c.getColumnName()).equalsIgnoreCase(column)) {
                            c.setTable(new Table(QueryShape.quote(ref)));
                            changed[0] = true;
                        }
                    }
                });
            }
            if (changed[0])
                out.add(new Repair(tree.toString(), Kind.QUALIFIED_AMBIGUOUS_COLUMN, column, table + "." + column,
                        Phrasing.words(column) + " read from " + Phrasing.words(table) + " (the database found " + column + " ambiguous)"));
        }
        return out;
    }

    /** The unknown column replaced by the closest columns of the tables in scope (the qualifier's table when it is known). */
    private List<Repair> closestColumns(String sql, String name, SchemaIndex schema) {
        String column = unqualified(name);
        String qualifier = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : null;
        Map<String, Double> closeness = new LinkedHashMap<>();
        Select read = QueryParser.parse(sql, schema);
        for (PlainSelect ps : plainSelects(read)) {
            for (Map.Entry<String, String> ref : references(ps).entrySet()) {
                schema.table(ref.getValue()).ifPresent(t -> t.getColumnsList().forEach(c -> {
                    double score = closeness(column, c.getName());
                    // the same name in another table of the scope: the qualifier was the mistake
                    if (c.getName().equalsIgnoreCase(column)) score = 1.0;
                    else if (qualifier != null && !ref.getKey().equalsIgnoreCase(qualifier)) score *= 0.9;
                    closeness.merge(ref.getKey() + "." + c.getName(), score, Math::max);
                }));
            }
        }
        List<Map.Entry<String, Double>> ranked = closeness.entrySet().stream().filter(e -> e.getValue() >= MIN_NAME_CLOSENESS)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(MAX_CLOSE_NAMES).toList();
        List<Repair> out = new ArrayList<>();
        for (int r = 0; r < ranked.size(); r++) {
            Map.Entry<String, Double> best = ranked.get(r);
            String ref = best.getKey().substring(0, best.getKey().indexOf('.'));
            String replacement = best.getKey().substring(best.getKey().indexOf('.') + 1);
            // as in qualify: the tree read above goes to the first rewrite
            Select tree = r == 0 ? read : QueryParser.parse(sql, schema);
            boolean[] changed = {false};
            for (PlainSelect ps : plainSelects(tree)) {
                if (!references(ps).containsKey(ref.toLowerCase(Locale.ROOT)) && !references(ps).containsKey(ref)) continue;
                new QueryShape(ps, schema).forEachColumn(c -> {
                    String q = c.getTable() == null || c.getTable().getName() == null ? null : QueryShape.clean(c.getTable().getName());
                    boolean sameQualifier = qualifier == null ? q == null : qualifier.equalsIgnoreCase(q == null ? "" : q);
                    if (sameQualifier && QueryShape.clean(c.getColumnName()).equalsIgnoreCase(column)) {
                        c.setColumnName(QueryShape.quote(replacement));
                        if (q != null || references(ps).size() > 1) c.setTable(new Table(QueryShape.quote(ref)));
                        changed[0] = true;
                    }
                });
            }
            if (changed[0])
                out.add(new Repair(tree.toString(), Kind.CLOSEST_COLUMN, name, ref + "." + replacement,
                        Phrasing.words(replacement) + " in place of " + name + ", which the database does not have"));
        }
        return out;
    }

    /** The unknown table replaced by the closest tables of the schema; qualifiers naming it follow. */
    private List<Repair> closestTables(String sql, String name, SchemaIndex schema) {
        String table = unqualified(name);
        List<String> ranked = schema.tables().stream().map(dev.overtone.proto.v1.Table::getName)
                .filter(t -> closeness(table, t) >= MIN_NAME_CLOSENESS)
                .sorted(Comparator.comparingDouble((String t) -> closeness(table, t)).reversed()).limit(MAX_CLOSE_NAMES).toList();
        List<Repair> out = new ArrayList<>();
        for (String replacement : ranked) {
            Select tree = QueryParser.parse(sql, schema);
            boolean[] changed = {false};
            for (PlainSelect ps : plainSelects(tree)) {
                for (FromItem f : LevelWalk.fromItems(ps))
                    if (f instanceof Table t && QueryShape.clean(t.getName()).equalsIgnoreCase(table)) {
                        t.setName(QueryShape.quote(replacement));
                        t.setSchemaName(null);
                        changed[0] = true;
                    }
                new QueryShape(ps, schema).forEachColumn(c -> {
                    if (c.getTable() != null && c.getTable().getName() != null && QueryShape.clean(c.getTable().getName()).equalsIgnoreCase(table))
                        c.setTable(new Table(QueryShape.quote(replacement)));
                });
            }
            if (changed[0])
                out.add(new Repair(tree.toString(), Kind.CLOSEST_TABLE, table, replacement,
                        Phrasing.words(replacement) + " in place of " + table + ", which the database does not have"));
        }
        return out;
    }

    /** Closeness of two names by spelling (word overlap, edit distance) and by meaning. */
    double closeness(String a, String b) {
        String wa = Phrasing.words(a);
        String wb = Phrasing.words(b);
        double spelling = 1.0 - (double) editDistance(wa.replace(" ", ""), wb.replace(" ", "")) / Math.max(1, Math.max(wa.length(), wb.length()));
        return Math.max(Math.max(NameSimilarity.lexical(a, b), spelling), similarity.semantic(wa, wb));
    }

    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++)
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static String unqualified(String name) {
        return name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
    }

    /** FROM references of one SELECT (alias or table name, lower case) -> schema table. */
    private static Map<String, String> references(PlainSelect ps) {
        Map<String, String> out = new LinkedHashMap<>();
        for (FromItem f : LevelWalk.fromItems(ps))
            if (f instanceof Table t) {
                String table = QueryShape.clean(t.getName());
                out.put(f.getAlias() != null ? QueryShape.clean(f.getAlias().getName()) : table, table);
            }
        return out;
    }

    /** Every SELECT of the statement: set-operation branches, derived tables and subqueries in expressions. */
    static List<PlainSelect> plainSelects(Select root) {
        List<PlainSelect> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Select s, List<PlainSelect> out) {
        if (s instanceof ParenthesedSelect p) {
            collect(p.getSelect(), out);
        } else if (s instanceof SetOperationList l) {
            l.getSelects().forEach(x -> collect(x, out));
        } else if (s instanceof PlainSelect ps) {
            out.add(ps);
            for (FromItem f : LevelWalk.fromItems(ps)) if (f instanceof ParenthesedSelect sub) collect(sub, out);
            LevelWalk subqueries = new LevelWalk(sub -> collect(sub, out));
            ps.getSelectItems().forEach(i -> i.getExpression().accept(subqueries, null));
            if (ps.getWhere() != null) ps.getWhere().accept(subqueries, null);
            if (ps.getHaving() != null) ps.getHaving().accept(subqueries, null);
        }
    }

    /** What an engine's error message says, for SQLite and PostgreSQL. */
    record EngineError(Kind kind, String name) {
        enum Kind { AMBIGUOUS_COLUMN, UNKNOWN_COLUMN, UNKNOWN_TABLE, OTHER }

        private static final List<Map.Entry<Kind, java.util.regex.Pattern>> PATTERNS = List.of(
                Map.entry(Kind.AMBIGUOUS_COLUMN, java.util.regex.Pattern.compile("ambiguous column name:\\s*([\\w.\"`\\[\\]]+)", java.util.regex.Pattern.CASE_INSENSITIVE)),
                Map.entry(Kind.AMBIGUOUS_COLUMN, java.util.regex.Pattern.compile("column reference \"([^\"]+)\" is ambiguous", java.util.regex.Pattern.CASE_INSENSITIVE)),
                Map.entry(Kind.UNKNOWN_COLUMN, java.util.regex.Pattern.compile("no such column:\\s*([\\w.\"`\\[\\]]+)", java.util.regex.Pattern.CASE_INSENSITIVE)),
                Map.entry(Kind.UNKNOWN_COLUMN, java.util.regex.Pattern.compile("column \"?([\\w.]+?)\"? does not exist", java.util.regex.Pattern.CASE_INSENSITIVE)),
                Map.entry(Kind.UNKNOWN_TABLE, java.util.regex.Pattern.compile("no such table:\\s*([\\w.\"`\\[\\]]+)", java.util.regex.Pattern.CASE_INSENSITIVE)),
                Map.entry(Kind.UNKNOWN_TABLE, java.util.regex.Pattern.compile("relation \"([^\"]+)\" does not exist", java.util.regex.Pattern.CASE_INSENSITIVE)));

        static EngineError of(String message) {
            String m = message == null ? "" : message;
            for (Map.Entry<Kind, java.util.regex.Pattern> p : PATTERNS) {
                var matcher = p.getValue().matcher(m);
                if (matcher.find()) {
                    String name = matcher.group(1).replaceAll("[\"`\\[\\]]", "");
                    if (p.getKey() == Kind.UNKNOWN_TABLE && name.toLowerCase(Locale.ROOT).startsWith("main.")) name = name.substring(5);
                    return new EngineError(p.getKey(), name);
                }
            }
            return new EngineError(Kind.OTHER, "");
        }
    }

    /** The kind of engine error a message states, for callers that only need to know whether it is mendable. */
    public static Optional<String> mendableName(String engineMessage) {
        EngineError e = EngineError.of(engineMessage);
        return e.kind() == EngineError.Kind.OTHER ? Optional.empty() : Optional.of(e.name());
    }
}
