package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.LevelWalk;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryShape;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Column, across a foreign key: a shown numeric measure of table T read instead as a numeric
 * measure of a child table C (C has a foreign key to T's primary key, N:1), averaged per T row:
 * {@code SELECT t.a, AVG(c.m) FROM t JOIN c ON c.fk = t.pk GROUP BY t.pk, t.a}. The caller only
 * asks for plain, ungrouped, unaggregated queries that show the measure as a select item of its own.
 */
final class ChildMeasures {

    /** A question word at least this close to the child's measure, and closer to it than to the shown one, asks for it. */
    static final double MIN_CUE = 0.55;
    /** The two measures must also be two readings of one word: as close by name or meaning as siblings must be. */
    static final double MIN_CLOSENESS = ColumnFamily.MIN_CLOSENESS;
    static final int PER_COLUMN = 2;

    private ChildMeasures() {
    }

    private record Candidate(String table, String foreignKey, String referencedKey, String column, double closeness, double cue) {
    }

    static List<Variant> propose(VariantContext ctx, int index, String table, String column) {
        List<Variant> out = new ArrayList<>();
        Table base = ctx.schema.table(table).orElse(null);
        // the measure must be a plain value: no key (a referenced primary key is the row, not a measure), no identifier
        if (base == null || ctx.schema.isKey(table, column) || identifierLike(column)) return out;
        PlainSelect probe = QueryShape.plain(ctx.probe());
        QueryShape shape = new QueryShape(probe, ctx.schema);
        // one table read: with joins the grain of "a row" is itself in question (the join family's and scope family's ground)
        if (probe.getJoins() != null && !probe.getJoins().isEmpty()) return out;
        if (fromCount(probe, table) != 1 || occursOutsideSelect(shape, table, column)) return out;
        // question words naming the base rows ("each hotel") say which rows, not which measure
        Set<String> words = new HashSet<>(ctx.questionTokens);
        Set<String> rowWords = NameSimilarity.tokens(table);
        words.removeIf(w -> rowWords.stream().anyMatch(r -> NameSimilarity.sameWord(w, r)));
        double shownCue = cue(ctx, words, column);
        List<Candidate> candidates = new ArrayList<>();
        for (Table child : ctx.schema.tables()) {
            if (child.getName().equalsIgnoreCase(table) || ctx.usedTables().contains(child.getName().toLowerCase(Locale.ROOT))) continue;
            for (ForeignKey fk : ctx.schema.foreignKeys(child.getName(), table)) {
                if (fk.getColumnsCount() != 1) continue;
                String ref = fk.getReferencedColumnsCount() == 1 ? fk.getReferencedColumns(0) : base.getPrimaryKeyCount() == 1 ? base.getPrimaryKey(0) : null;
                if (ref == null || ctx.schema.column(table, ref).isEmpty()) continue;
                // a foreign key that is the child's own primary key is a 1:1 extension (the join family's case)
                if (child.getPrimaryKeyCount() == 1 && child.getPrimaryKey(0).equalsIgnoreCase(fk.getColumns(0))) continue;
                for (Column c : child.getColumnsList()) {
                    if (ctx.schema.isKey(child.getName(), c.getName()) || !VariantContext.numeric(c)) continue;
                    double closeness = ctx.closeness(column, c.getName());
                    double cue = Math.max(cue(ctx, words, c.getName()), cue(ctx, words, child.getName() + "_" + c.getName()));
                    boolean asked = cue >= MIN_CUE && cue > shownCue && closeness >= MIN_CLOSENESS;
                    if (asked && !identifierLike(c.getName())) candidates.add(new Candidate(child.getName(), fk.getColumns(0), ref, c.getName(), closeness, cue));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble((Candidate c) -> c.closeness() + c.cue()).reversed());
        for (Candidate c : candidates.subList(0, Math.min(PER_COLUMN, candidates.size()))) {
            String sql = rewrite(ctx, index, table, column, c);
            double score = 0.2 + 0.3 * c.closeness() + 0.3 * c.cue();
            out.add(new Variant(sql, Variant.COLUMN, "select[" + index + "]", "the average " + Phrasing.words(c.column()) + " of its "
                    + Phrasing.words(c.table()) + " instead of the " + Phrasing.words(column), score));
        }
        return out;
    }

    /** An undeclared key: a name whose last word is "id" (schemas without declared keys). */
    private static boolean identifierLike(String name) {
        String w = Phrasing.words(name);
        return w.equals("id") || w.endsWith(" id");
    }

    /** {@link VariantContext#cue} over the given question words. */
    private static double cue(VariantContext ctx, Set<String> words, String name) {
        double best = NameSimilarity.mentioned(words, name);
        String phrase = Phrasing.words(name);
        for (String w : words) best = Math.max(best, ctx.similarity.semantic(w, phrase));
        return best;
    }

    /** The query with the measure averaged over the child rows of each base row. */
    private static String rewrite(VariantContext ctx, int index, String table, String column, Candidate c) {
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        QueryShape shape = new QueryShape(ps, ctx.schema);
        // qualify every column first: the joined table may share unqualified names (id, name)
        shape.forEachColumn(col -> {
            if (col.getTable() != null && col.getTable().getName() != null) return;
            String owner = shape.owner(col);
            if (owner != null) col.setTable(new net.sf.jsqlparser.schema.Table(JoinFamily.baseReference(ps, owner)));
        });
        String baseRef = JoinFamily.baseReference(ps, table);
        net.sf.jsqlparser.schema.Table childRef = new net.sf.jsqlparser.schema.Table(QueryShape.quote(c.table()));
        Function avg = new Function("AVG", new net.sf.jsqlparser.schema.Column(childRef, QueryShape.quote(c.column())));
        List<SelectItem<?>> items = new ArrayList<>();
        List<Expression> groupBy = new ArrayList<>();
        groupBy.add(new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(baseRef), QueryShape.quote(c.referencedKey())));
        for (int i = 0; i < ps.getSelectItems().size(); i++) {
            SelectItem<?> item = ps.getSelectItems().get(i);
            if (i == index) {
                SelectItem<?> swapped = SelectItem.from(avg);
                swapped.setAlias(item.getAlias());
                items.add(swapped);
            } else {
                items.add(item);
                if (groupBy.stream().noneMatch(g -> g.toString().equalsIgnoreCase(item.getExpression().toString()))) groupBy.add(item.getExpression());
            }
        }
        ps.setSelectItems(items);
        if (ps.getOrderByElements() != null)
            ps.getOrderByElements().forEach(o -> {
                if (sameColumn(shape, o.getExpression(), table, column)) o.setExpression(avg);
            });
        Join join = new Join();
        join.setRightItem(childRef);
        join.addOnExpression(new EqualsTo(new net.sf.jsqlparser.schema.Column(childRef, QueryShape.quote(c.foreignKey())),
                new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(baseRef), QueryShape.quote(c.referencedKey()))));
        List<Join> joins = ps.getJoins() == null ? new ArrayList<>() : new ArrayList<>(ps.getJoins());
        joins.add(join);
        ps.setJoins(joins);
        GroupByElement g = new GroupByElement();
        g.addGroupByExpressions(groupBy);
        ps.setGroupByElement(g);
        return ps.toString();
    }

    private static boolean sameColumn(QueryShape shape, Expression e, String table, String column) {
        return e instanceof net.sf.jsqlparser.schema.Column col && table.equals(shape.owner(col))
                && QueryShape.clean(col.getColumnName()).equalsIgnoreCase(column);
    }

    /** The measure filtered or joined on would need HAVING: those readings are not offered. */
    private static boolean occursOutsideSelect(QueryShape shape, String table, String column) {
        PlainSelect ps = shape.select;
        List<Expression> where = new ArrayList<>();
        if (ps.getWhere() != null) where.add(ps.getWhere());
        if (ps.getJoins() != null) ps.getJoins().forEach(j -> where.addAll(j.getOnExpressions()));
        boolean[] found = {false};
        for (Expression e : where)
            e.accept(new net.sf.jsqlparser.expression.ExpressionVisitorAdapter<Void>() {
                @Override
                public <S> Void visit(net.sf.jsqlparser.schema.Column col, S context) {
                    if (sameColumn(shape, col, table, column)) found[0] = true;
                    return null;
                }
            }, null);
        return found[0];
    }

    private static int fromCount(PlainSelect ps, String table) {
        if (ps.getFromItem() == null) return -1;
        int n = 0;
        for (var f : LevelWalk.fromItems(ps))
            if (f instanceof net.sf.jsqlparser.schema.Table t && QueryShape.clean(t.getName()).equalsIgnoreCase(table)) n++;
            else if (!(f instanceof net.sf.jsqlparser.schema.Table)) return -1;
        return n;
    }
}
