package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlLexer;
import dev.overtone.parser.analysis.SqlToken;
import dev.overtone.parser.dialect.DialectRewriter;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Table: sibling tables with the same role (mostly the same columns, same kind of key). The query
 * is proposed against each sibling, with the key columns mapped onto the sibling's keys.
 */
final class TableFamily implements VariantFamily {

    static final double MIN_OVERLAP = 0.5;

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        if (ctx.schema.isEmpty()) return out;
        Set<String> used = ctx.usedTables();
        for (Analysis.TableUsage use : ctx.base.tables()) {
            Table t = ctx.schema.table(use.name()).orElse(null);
            if (t == null) continue;
            for (Table other : ctx.schema.tables()) {
                if (used.contains(other.getName().toLowerCase(Locale.ROOT))) continue;
                double overlap = overlap(ctx.schema, t, other);
                if (overlap < MIN_OVERLAP) continue;
                Map<String, String> columnMap = columnMap(ctx, t, other);
                if (columnMap == null) continue;
                String sql = rename(ctx.sql, t.getName(), other.getName(), columnMap, ctx.base);
                double score = 0.3 + 0.3 * overlap + 0.4 * Math.max(ctx.cue(other.getName()), ctx.closeness(t.getName(), other.getName()) * 0.5);
                out.add(new Variant(sql, Variant.TABLE, "from[0]",
                        "the " + Phrasing.words(other.getName()) + " instead of the " + Phrasing.words(t.getName()), score));
            }
        }
        return out;
    }

    static double overlap(SchemaIndex schema, Table a, Table b) {
        Set<String> ca = nonKey(schema, a);
        Set<String> cb = nonKey(schema, b);
        if (ca.isEmpty() || cb.isEmpty()) return 0;
        Set<String> inter = new HashSet<>(ca);
        inter.retainAll(cb);
        Set<String> union = new HashSet<>(ca);
        union.addAll(cb);
        return inter.size() / (double) union.size();
    }

    private static Set<String> nonKey(SchemaIndex schema, Table t) {
        Set<String> out = new HashSet<>();
        for (Column c : t.getColumnsList()) if (!schema.isKey(t.getName(), c.getName())) out.add(c.getName().toLowerCase(Locale.ROOT));
        return out;
    }

    /** Each column of the table the query uses -> its name in the sibling; null when one has no counterpart. */
    private static Map<String, String> columnMap(VariantContext ctx, Table from, Table to) {
        Map<String, String> map = new HashMap<>();
        for (Analysis.ColumnUsage c : ctx.base.columns()) {
            if (!c.table().equalsIgnoreCase(from.getName())) continue;
            var same = ctx.schema.column(to.getName(), c.column());
            if (same.isPresent()) continue;
            if (from.getPrimaryKeyList().stream().anyMatch(k -> k.equalsIgnoreCase(c.column())) && to.getPrimaryKeyCount() == 1) {
                map.put(c.column().toLowerCase(Locale.ROOT), to.getPrimaryKey(0));
            } else {
                return null;
            }
        }
        return map;
    }

    /** Token-level renaming: reaches subqueries too, and leaves literals alone. */
    static String rename(String sql, String table, String replacement, Map<String, String> columns, Analysis base) {
        Set<String> aliases = new HashSet<>();
        base.tables().stream().filter(t -> t.name().equalsIgnoreCase(table)).forEach(t -> t.aliases().forEach(a -> aliases.add(a.toLowerCase(Locale.ROOT))));
        StringBuilder out = new StringBuilder();
        List<SqlToken> tokens = SqlLexer.tokenize(sql);
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken t = tokens.get(i);
            boolean name = t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.DOUBLE_QUOTED || t.kind() == SqlToken.Kind.BACKTICKED;
            String k = t.unquoted().toLowerCase(Locale.ROOT);
            boolean afterDot = DialectRewriter.previousSignificant(tokens, i).map(p -> p.text().equals(".")).orElse(false);
            if (name && !afterDot && k.equals(table.toLowerCase(Locale.ROOT))) {
                out.append(QueryShape.quote(replacement));
            } else if (name && afterDot && columns.containsKey(k) && qualifierIs(tokens, i, table, aliases)) {
                out.append(QueryShape.quote(columns.get(k)));
            } else {
                out.append(t.text());
            }
        }
        return out.toString();
    }

    private static boolean qualifierIs(List<SqlToken> tokens, int i, String table, Set<String> aliases) {
        int dot = -1;
        for (int j = i - 1; j >= 0; j--) if (tokens.get(j).significant()) {
            dot = j;
            break;
        }
        for (int j = dot - 1; j >= 0; j--) if (tokens.get(j).significant()) {
            String q = tokens.get(j).unquoted().toLowerCase(Locale.ROOT);
            return q.equals(table.toLowerCase(Locale.ROOT)) || aliases.contains(q);
        }
        return false;
    }
}
