package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.LevelWalk;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Join: a vertical partition. When a table B extends a table A one-to-one (B's primary key is a
 * foreign key to A's) and B also holds a column the query reads from A under the same name, the
 * query is proposed reading it from B through the join.
 */
final class JoinFamily implements VariantFamily {

    /** Score of a read through a 1:1 side table: the key structure and the repeated name are strong evidence (chosen by hand, checked once on the AmbiQT J/P dev set; not swept). */
    static final double SIDE_TABLE_SCORE = 0.55;
    /** Extra score when the question names the side table (chosen by hand, checked once on the AmbiQT J/P dev set; not swept). */
    static final double SIDE_TABLE_CUE_WEIGHT = 0.3;

    record Extension(String base, String baseKey, String extension, String extensionKey) {
    }

    /**
     * Tables keyed one-to-one on another's key: B's single-column foreign key to A's key is B's
     * primary key, or B declares no primary key and holds nothing but that key and columns A also
     * has (a side table repeating some of A's columns).
     */
    static List<Extension> extensions(SchemaIndex schema) {
        List<Extension> out = new ArrayList<>();
        for (Table b : schema.tables()) {
            for (ForeignKey fk : b.getForeignKeysList()) {
                if (fk.getColumnsCount() != 1 || fk.getReferencedTable().equalsIgnoreCase(b.getName())) continue;
                Optional<Table> a = schema.table(fk.getReferencedTable());
                if (a.isEmpty()) continue;
                String key = fk.getColumns(0);
                String ref = fk.getReferencedColumnsCount() == 1 ? fk.getReferencedColumns(0)
                        : a.get().getPrimaryKeyCount() == 1 ? a.get().getPrimaryKey(0) : key;
                boolean keyedOnIt = b.getPrimaryKeyCount() == 1 && key.equalsIgnoreCase(b.getPrimaryKey(0));
                if (keyedOnIt || sideTable(schema, b, key, a.get(), ref))
                    out.add(new Extension(a.get().getName(), ref, b.getName(), key));
            }
        }
        return out;
    }

    private static boolean sideTable(SchemaIndex schema, Table b, String key, Table a, String ref) {
        boolean refIsKey = a.getPrimaryKeyCount() == 1 && a.getPrimaryKey(0).equalsIgnoreCase(ref)
                || schema.column(a.getName(), ref).map(dev.overtone.proto.v1.Column::getPrimaryKey).orElse(false);
        if (!refIsKey || b.getPrimaryKeyCount() > 0 || b.getColumnsCount() < 2) return false;
        return b.getColumnsList().stream().filter(c -> !c.getName().equalsIgnoreCase(key))
                .allMatch(c -> schema.column(a.getName(), c.getName()).isPresent());
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        if (ctx.schema.isEmpty()) return out;
        Set<String> used = ctx.usedTables();
        for (Extension e : extensions(ctx.schema)) {
            if (used.contains(e.base().toLowerCase(Locale.ROOT)) && used.contains(e.extension().toLowerCase(Locale.ROOT))) {
                withoutSideTable(ctx, e).ifPresent(out::add);
                continue;
            }
            if (!used.contains(e.base().toLowerCase(Locale.ROOT))) continue;
            PlainSelect ps = QueryShape.plain(ctx.fresh());
            if (ps == null) continue;
            QueryShape shape = new QueryShape(ps, ctx.schema);
            List<String> moved = new ArrayList<>();
            shape.forEachColumn(c -> {
                String col = QueryShape.clean(c.getColumnName());
                // a foreign key repeated in the side table is moved like any other column; only the join's own key stays
                if (e.base().equals(shape.owner(c)) && !primaryKey(ctx.schema, e, col) && ctx.schema.column(e.extension(), col).isPresent()) {
                    c.setTable(new net.sf.jsqlparser.schema.Table(QueryShape.quote(e.extension())));
                    moved.add(col);
                }
            });
            if (moved.isEmpty()) continue;
            String baseRef = baseReference(ps, e.base());
            Join join = new Join();
            join.setRightItem(new net.sf.jsqlparser.schema.Table(QueryShape.quote(e.extension())));
            join.addOnExpression(new EqualsTo(new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(baseRef), QueryShape.quote(e.baseKey())),
                    new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(QueryShape.quote(e.extension())), QueryShape.quote(e.extensionKey()))));
            List<Join> joins = ps.getJoins() == null ? new ArrayList<>() : new ArrayList<>(ps.getJoins());
            joins.add(join);
            ps.setJoins(joins);
            double score = SIDE_TABLE_SCORE + SIDE_TABLE_CUE_WEIGHT * ctx.cue(e.extension());
            out.add(Variant.rewritten(ps, Variant.JOIN, "join[" + joins.size() + "]",
                    "the " + Phrasing.words(String.join(", ", new HashSet<>(moved))) + " as recorded in " + Phrasing.words(e.extension()), score));
        }
        return out;
    }

    /**
     * The reverse reading: a query that joins the side table only to read columns the base table also
     * has reads them from the base table, without the join.
     */
    private Optional<Variant> withoutSideTable(VariantContext ctx, Extension e) {
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        if (ps == null || ps.getJoins() == null) return Optional.empty();
        Join sideJoin = null;
        for (Join j : ps.getJoins())
            if (j.getRightItem() instanceof net.sf.jsqlparser.schema.Table t && QueryShape.clean(t.getName()).equalsIgnoreCase(e.extension()))
                sideJoin = sideJoin == null ? j : null;
        if (sideJoin == null || !(ps.getFromItem() instanceof net.sf.jsqlparser.schema.Table)) return Optional.empty();
        Set<net.sf.jsqlparser.schema.Column> onColumns = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (var on : sideJoin.getOnExpressions())
            on.accept(new net.sf.jsqlparser.expression.ExpressionVisitorAdapter<Void>() {
                @Override
                public <S> Void visit(net.sf.jsqlparser.schema.Column column, S context) {
                    onColumns.add(column);
                    return null;
                }
            }, null);
        QueryShape shape = new QueryShape(ps, ctx.schema);
        String baseRef = baseReference(ps, e.base());
        List<String> moved = new ArrayList<>();
        boolean[] blocked = {false};
        shape.forEachColumn(c -> {
            if (onColumns.contains(c) || !e.extension().equalsIgnoreCase(String.valueOf(shape.owner(c)))) return;
            String col = QueryShape.clean(c.getColumnName());
            if (ctx.schema.column(e.base(), col).isEmpty()) {
                blocked[0] = true;
                return;
            }
            c.setTable(new net.sf.jsqlparser.schema.Table(baseRef));
            moved.add(col);
        });
        if (blocked[0]) return Optional.empty();
        List<Join> joins = new ArrayList<>(ps.getJoins());
        joins.remove(sideJoin);
        ps.setJoins(joins.isEmpty() ? null : joins);
        String what = moved.isEmpty() ? "without " + Phrasing.words(e.extension())
                : "the " + Phrasing.words(String.join(", ", new HashSet<>(moved))) + " as recorded in " + Phrasing.words(e.base());
        return Optional.of(Variant.rewritten(ps, Variant.JOIN, "join[" + (ps.getJoins() == null ? 0 : joins.size()) + "]", what,
                SIDE_TABLE_SCORE + SIDE_TABLE_CUE_WEIGHT * ctx.cue(e.base())));
    }

    /** Whether the column is the base table's key or the key the side table is joined on. */
    private static boolean primaryKey(SchemaIndex schema, Extension e, String column) {
        return column.equalsIgnoreCase(e.baseKey()) || column.equalsIgnoreCase(e.extensionKey())
                || schema.table(e.base()).map(t -> t.getPrimaryKeyList().stream().anyMatch(column::equalsIgnoreCase)).orElse(false)
                || schema.column(e.base(), column).map(dev.overtone.proto.v1.Column::getPrimaryKey).orElse(false);
    }

    static String baseReference(PlainSelect ps, String table) {
        for (var f : LevelWalk.fromItems(ps))
            if (f instanceof net.sf.jsqlparser.schema.Table t && QueryShape.clean(t.getName()).equalsIgnoreCase(table))
                return f.getAlias() != null ? f.getAlias().getName() : t.getName();
        return QueryShape.quote(table);
    }
}
