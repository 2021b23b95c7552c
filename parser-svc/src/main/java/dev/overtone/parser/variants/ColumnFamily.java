package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Column: vagueness and column ambiguity. A shown column's siblings (same table, compatible type,
 * not keys, close by name or meaning) are swapped in alone, shown together with it, or, when the
 * query shows both, each kept alone. A shown numeric measure may also be read as a close measure of
 * a child table averaged per row ({@link ChildMeasures}). A column summed or averaged is never swapped
 * for a key: the sum or average of identifiers reads nothing.
 */
final class ColumnFamily implements VariantFamily {

    static final double MIN_CLOSENESS = 0.38;
    static final int SIBLINGS_PER_COLUMN = 2;
    /** Sample-value overlap from which two columns count as one attribute under two names (chosen by hand, checked once on AmbiQT dev C; not swept). */
    static final double SAME_VALUES_OVERLAP = 0.6;

    private record Shown(int index, String table, String column, boolean plain, boolean summed) {
    }

    /** Aggregates whose argument must be a quantity, not an identifier. */
    private static final Set<String> QUANTITY_AGGREGATES = Set.of("AVG", "SUM");

    /** Keys that link tables are structure, not readings: a primary key alone may still be a synonym pair. */
    private static boolean foreignKeyish(SchemaIndex schema, String table, String column) {
        if (!schema.isKey(table, column)) return false;
        boolean primary = schema.table(table).map(t -> t.getPrimaryKeyList().stream().anyMatch(k -> k.equalsIgnoreCase(column))).orElse(false)
                || schema.column(table, column).map(Column::getPrimaryKey).orElse(false);
        boolean inFk = schema.table(table).map(t -> t.getForeignKeysList().stream().anyMatch(fk -> fk.getColumnsList().stream()
                .anyMatch(c -> c.equalsIgnoreCase(column)))).orElse(false);
        return inFk || !primary;
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        PlainSelect probe = ctx.plainProbe();
        if (probe == null) return out;
        QueryShape shape = new QueryShape(probe, ctx.schema);
        List<Shown> shown = new ArrayList<>();
        Set<String> shownKeys = new HashSet<>();
        for (int i = 0; i < probe.getSelectItems().size(); i++) {
            int index = i;
            List<net.sf.jsqlparser.schema.Column> inside = new ArrayList<>();
            Set<net.sf.jsqlparser.schema.Column> summed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            probe.getSelectItems().get(i).getExpression().accept(new net.sf.jsqlparser.expression.ExpressionVisitorAdapter<Void>() {
                private int quantityDepth;

                @Override
                public <S> Void visit(net.sf.jsqlparser.expression.Function f, S context) {
                    boolean quantity = f.getName() != null && QUANTITY_AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT));
                    if (quantity) quantityDepth++;
                    super.visit(f, context);
                    if (quantity) quantityDepth--;
                    return null;
                }

                @Override
                public <S> Void visit(net.sf.jsqlparser.schema.Column column, S context) {
                    inside.add(column);
                    if (quantityDepth > 0) summed.add(column);
                    return null;
                }
            }, null);
            for (net.sf.jsqlparser.schema.Column c : inside) {
                String owner = shape.owner(c);
                if (owner == null) continue;
                var meta = ctx.schema.column(owner, QueryShape.clean(c.getColumnName()));
                if (meta.isEmpty() || !shownKeys.add(key(owner, meta.get().getName()))) continue;
                shown.add(new Shown(index, owner, meta.get().getName(), inside.size() == 1 && probe.getSelectItems().get(i).getExpression() == c,
                        summed.contains(c)));
            }
        }
        boolean aggregated = aggregated(probe);
        for (Shown s : shown) {
            if (foreignKeyish(ctx.schema, s.table(), s.column())) continue;
            Column self = ctx.schema.column(s.table(), s.column()).orElseThrow();
            if (s.plain() && !aggregated && VariantContext.numeric(self)) out.addAll(ChildMeasures.propose(ctx, s.index(), s.table(), s.column()));
            Table table = ctx.schema.table(s.table()).orElseThrow();
            record Sibling(Column column, double closeness, boolean sameValues) {
            }
            List<Sibling> siblings = new ArrayList<>();
            for (Column c : table.getColumnsList()) {
                if (c.getName().equalsIgnoreCase(s.column()) || foreignKeyish(ctx.schema, s.table(), c.getName()) || !VariantContext.compatible(self, c)) continue;
                if (s.summed() && ctx.schema.isKey(s.table(), c.getName())) continue;
                double overlap = VariantContext.valueOverlap(self, c);
                double clo = Math.max(ctx.closeness(s.column(), c.getName()), overlap);
                if (clo >= MIN_CLOSENESS) siblings.add(new Sibling(c, clo, overlap >= SAME_VALUES_OVERLAP));
            }
            // A sibling holding the same values is the same attribute under another name: the siblings
            // that are close by name only are then weaker readings and would crowd the first five.
            if (siblings.stream().anyMatch(Sibling::sameValues)) siblings.removeIf(sib -> !sib.sameValues());
            siblings.sort(Comparator.comparingDouble(Sibling::closeness).reversed());
            for (Sibling sib : siblings.subList(0, Math.min(SIBLINGS_PER_COLUMN, siblings.size()))) {
                String other = sib.column().getName();
                double cue = Math.max(ctx.cue(other), ctx.cue(s.column()));
                double score = 0.25 + 0.35 * sib.closeness() + 0.3 * cue;
                String path = "select[" + s.index() + "]";
                if (shownKeys.contains(key(s.table(), other))) {
                    PlainSelect ps = QueryShape.plain(ctx.fresh());
                    QueryShape sh = new QueryShape(ps, ctx.schema);
                    ps.getSelectItems().removeIf(item -> item.getExpression() instanceof net.sf.jsqlparser.schema.Column c
                            && s.table().equals(sh.owner(c)) && QueryShape.clean(c.getColumnName()).equalsIgnoreCase(other));
                    out.add(Variant.rewritten(ps, Variant.COLUMN, path,
                            "only the " + Phrasing.words(s.column()) + ", not the " + Phrasing.words(other), score));
                } else {
                    PlainSelect swap = QueryShape.plain(ctx.fresh());
                    QueryShape sh = new QueryShape(swap, ctx.schema);
                    sh.forEachColumn(c -> {
                        if (s.table().equals(sh.owner(c)) && QueryShape.clean(c.getColumnName()).equalsIgnoreCase(s.column()))
                            c.setColumnName(QueryShape.quote(other));
                    });
                    out.add(Variant.rewritten(swap, Variant.COLUMN, path,
                            "the " + Phrasing.words(other) + " instead of the " + Phrasing.words(s.column()), score));
                    // showing both copies of one attribute is no reading of its own
                    if (!s.plain() || sib.sameValues()) continue;
                    PlainSelect both = QueryShape.plain(ctx.fresh());
                    net.sf.jsqlparser.schema.Column original = (net.sf.jsqlparser.schema.Column) both.getSelectItems().get(s.index()).getExpression();
                    net.sf.jsqlparser.schema.Column added = new net.sf.jsqlparser.schema.Column(original.getTable(), QueryShape.quote(other));
                    List<SelectItem<?>> items = new ArrayList<>(both.getSelectItems());
                    items.add(s.index() + 1, SelectItem.from(added));
                    both.setSelectItems(items);
                    out.add(Variant.rewritten(both, Variant.COLUMN, path,
                            "both the " + Phrasing.words(s.column()) + " and the " + Phrasing.words(other), score * 0.9));
                }
            }
        }
        return out;
    }

    /** Already grouped, distinct or aggregated: a per-row measure has no single row to attach to. */
    private static boolean aggregated(PlainSelect ps) {
        if (ps.getGroupBy() != null || ps.getHaving() != null || ps.getDistinct() != null) return true;
        boolean[] found = {false};
        for (SelectItem<?> item : ps.getSelectItems()) {
            if (item.getExpression() instanceof net.sf.jsqlparser.statement.select.AllColumns) return true;
            item.getExpression().accept(new net.sf.jsqlparser.expression.ExpressionVisitorAdapter<Void>() {
                @Override
                public <S> Void visit(net.sf.jsqlparser.expression.Function f, S context) {
                    if (Phrasing.isAggregate(f)) found[0] = true;
                    return super.visit(f, context);
                }
            }, null);
        }
        return found[0];
    }

    private static String key(String table, String column) {
        return (table + "." + column).toLowerCase(Locale.ROOT);
    }
}
