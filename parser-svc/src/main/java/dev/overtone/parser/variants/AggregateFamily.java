package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Aggregate: a value computed over a table vs. a table that already holds it. A precomputed table
 * names its columns for an aggregate of another table's column ({@code avg_age}, {@code age_max},
 * {@code total_sales}, {@code number}) and keeps the columns it was grouped by. Both ways:
 * {@code AVG(age) FROM t WHERE g = 'x'} is proposed as {@code avg_age FROM p WHERE g = 'x'} when p has
 * a column for every aggregate and every other column the query names; a read of p's named
 * aggregates is proposed as the aggregate computed over the table that has the columns.
 */
final class AggregateFamily implements VariantFamily {

    /** Words that name an aggregate in a column name, by SQL function. */
    private static final Map<String, Set<String>> WORDS = Map.of(
            "AVG", Set.of("avg", "average", "mean"),
            "SUM", Set.of("sum", "total"),
            "COUNT", Set.of("count", "number", "num", "cnt"),
            "MAX", Set.of("max", "maximum", "highest"),
            "MIN", Set.of("min", "minimum", "lowest"));

    /** Score of a precomputed reading: every aggregate and every other column matched by name, a strong structural fit. */
    static final double PRECOMPUTED_SCORE = 0.6;
    /** Extra score when the question names the precomputed table or column (chosen by hand, checked once on the AmbiQT J/P dev set; not swept). */
    static final double PRECOMPUTED_CUE_WEIGHT = 0.2;

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        if (ctx.schema.isEmpty()) return out;
        List<Map.Entry<Function, String>> aggregates = aggregatesWithBase(ctx);
        PlainSelect probe = ctx.plainProbe();
        boolean single = probe != null && (probe.getJoins() == null || probe.getJoins().isEmpty())
                && probe.getFromItem() instanceof net.sf.jsqlparser.schema.Table;
        String base = single ? ctx.schema.tableName(QueryShape.clean(((net.sf.jsqlparser.schema.Table) probe.getFromItem()).getName())) : null;
        for (Table other : ctx.schema.tables()) {
            String target = other.getName();
            // a fresh tree is parsed and rewritten only where the read-only probe shows a term to rewrite
            if (aggregates.stream().anyMatch(a -> aggregateColumn(ctx.schema, a.getKey(), a.getValue(), target).isPresent()))
                precomputed(ctx, target).ifPresent(out::add);
            if (single && !other.getName().equalsIgnoreCase(base) && ctx.schema.table(base).isPresent()
                    && anyTopLevel(probe, e -> e instanceof net.sf.jsqlparser.schema.Column c
                    && aggregateOf(ctx, QueryShape.clean(c.getColumnName()), target).isPresent()))
                computed(ctx, base, target).ifPresent(out::add);
        }
        return out;
    }

    /** Each aggregate of every level of the probe, with the table its level reads first (what a COUNT(*) counts). */
    private static List<Map.Entry<Function, String>> aggregatesWithBase(VariantContext ctx) {
        List<Map.Entry<Function, String>> out = new ArrayList<>();
        for (PlainSelect level : SelectLevels.of(ctx.probe()))
            if (level.getFromItem() instanceof net.sf.jsqlparser.schema.Table from)
                for (Function f : SelectLevels.ownAggregates(level))
                    out.add(Map.entry(f, ctx.schema.tableName(QueryShape.clean(from.getName()))));
        return out;
    }

    /** The query's aggregates, at every level that can, read from a precomputed table instead. */
    private Optional<Variant> precomputed(VariantContext ctx, String target) {
        Select tree = ctx.fresh();
        List<String> replaced = PrecomputedRewrite.apply(tree, ctx.schema, target);
        if (replaced.isEmpty()) return Optional.empty();
        double score = PRECOMPUTED_SCORE + PRECOMPUTED_CUE_WEIGHT * Math.max(ctx.cue(target), replaced.stream().mapToDouble(ctx::cue).max().orElse(0));
        return Optional.of(Variant.rewritten(tree, Variant.AGGREGATE, "from[0]",
                "the precomputed " + Phrasing.words(String.join(", ", replaced)) + " from " + Phrasing.words(target), score));
    }

    /** A read of a precomputed table's named aggregates computed over the base table instead. */
    private Optional<Variant> computed(VariantContext ctx, String precomputedTable, String target) {
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        boolean[] aggregated = {false};
        List<String> computed = new ArrayList<>();
        java.util.function.UnaryOperator<Expression> swap = e -> {
            if (Phrasing.isAggregate(e)) aggregated[0] = true;
            if (!(e instanceof net.sf.jsqlparser.schema.Column c)) return e;
            Optional<Function> f = aggregateOf(ctx, QueryShape.clean(c.getColumnName()), target);
            if (f.isEmpty()) return e;
            computed.add(f.get().toString());
            return f.get();
        };
        if (!rewriteTopLevel(ps, swap) || aggregated[0] || computed.isEmpty()) return Optional.empty();
        if (!retarget(ps, ctx.schema, target)) return Optional.empty();
        double score = PRECOMPUTED_SCORE + PRECOMPUTED_CUE_WEIGHT * ctx.cue(target);
        return Optional.of(Variant.rewritten(ps, Variant.AGGREGATE, "from[0]",
                String.join(", ", computed) + " computed over " + Phrasing.words(target) + " instead of " + Phrasing.words(precomputedTable), score));
    }

    /**
     * Whether a select item or ORDER BY term is, as a whole, one the rewrite would replace: both
     * rewrites yield nothing without one, so this cheap look at the shared probe spares the parse.
     */
    private static boolean anyTopLevel(PlainSelect probe, java.util.function.Predicate<Expression> rewritable) {
        for (SelectItem<?> item : probe.getSelectItems())
            if (rewritable.test(item.getExpression())) return true;
        if (probe.getOrderByElements() != null)
            for (OrderByElement o : probe.getOrderByElements())
                if (rewritable.test(o.getExpression())) return true;
        return false;
    }

    /**
     * Applies the rewrite to every select item and ORDER BY term; false when an aggregate sits anywhere
     * else (inside an expression, in HAVING), where a plain column cannot simply take its place.
     */
    private static boolean rewriteTopLevel(PlainSelect ps, java.util.function.UnaryOperator<Expression> swap) {
        if (ps.getHaving() != null) return false;
        for (SelectItem<?> item : ps.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns) return false;
            Expression r = swap.apply(e);
            if (r == e && !(e instanceof net.sf.jsqlparser.schema.Column) && containsAggregate(e)) return false;
            ((SelectItem<Expression>) item).setExpression(r);
        }
        if (ps.getOrderByElements() != null)
            for (OrderByElement o : ps.getOrderByElements()) {
                Expression r = swap.apply(o.getExpression());
                if (r == o.getExpression() && containsAggregate(r) && !Phrasing.isAggregate(r)) return false;
                o.setExpression(r);
            }
        return ps.getWhere() == null || !containsAggregate(ps.getWhere());
    }

    private static boolean containsAggregate(Expression e) {
        return e != null && e.toString().matches("(?is).*\\b(count|sum|avg|min|max|total)\\s*\\(.*");
    }

    /**
     * Points the FROM at the target table (alias kept) and drops qualifiers naming the old table; false
     * unless the target has every column the query still names.
     */
    private static boolean retarget(PlainSelect ps, SchemaIndex schema, String target) {
        net.sf.jsqlparser.schema.Table from = (net.sf.jsqlparser.schema.Table) ps.getFromItem();
        net.sf.jsqlparser.schema.Table moved = new net.sf.jsqlparser.schema.Table(QueryShape.quote(target));
        moved.setAlias(from.getAlias());
        ps.setFromItem(moved);
        boolean[] missing = {false};
        new QueryShape(ps, schema).forEachColumn(c -> {
            if (schema.column(target, QueryShape.clean(c.getColumnName())).isEmpty()) missing[0] = true;
            if (c.getTable() != null && from.getAlias() == null) c.setTable(null);
        });
        return !missing[0];
    }

    /** The column of the target table named for this aggregate of this argument (`AVG(age)` -> `avg_age`). */
    static Optional<String> aggregateColumn(SchemaIndex schema, Function f, String base, String target) {
        String fn = f.getName().toUpperCase(Locale.ROOT);
        Set<String> words = WORDS.get(fn);
        if (words == null || f.isDistinct()) return Optional.empty();
        ExpressionList<?> params = f.getParameters();
        boolean star = f.isAllColumns() || params != null && params.size() == 1 && params.get(0) instanceof AllColumns;
        String argument;
        if (star && fn.equals("COUNT")) argument = NameSimilarity.stem(Phrasing.words(base));
        else if (params != null && params.size() == 1 && params.get(0) instanceof net.sf.jsqlparser.schema.Column c) argument = Phrasing.words(QueryShape.clean(c.getColumnName()));
        // a column named like a date unit (Spider's many "Year" columns) parses as one: max(year)
        else if (params != null && params.size() == 1 && params.get(0) instanceof DateUnitExpression unit) argument = Phrasing.words(unit.toString());
        else return Optional.empty();
        return schema.table(target).flatMap(t -> t.getColumnsList().stream().map(dev.overtone.proto.v1.Column::getName)
                .filter(name -> namesAggregate(Phrasing.words(name), words, argument)).findFirst());
    }

    /** The aggregate a precomputed column's name stands for, over a column the target table has. */
    private static Optional<Function> aggregateOf(VariantContext ctx, String column, String target) {
        String name = Phrasing.words(column);
        for (Map.Entry<String, Set<String>> e : WORDS.entrySet())
            for (String w : e.getValue()) {
                String argument = name.startsWith(w + " ") ? name.substring(w.length() + 1)
                        : name.endsWith(" " + w) ? name.substring(0, name.length() - w.length() - 1) : null;
                if (argument == null) continue;
                Optional<String> arg = columnByWords(ctx.schema, target, argument);
                if (arg.isEmpty()) continue;
                Function f = new Function();
                f.setName(e.getKey());
                f.setParameters(new ExpressionList<>(new net.sf.jsqlparser.schema.Column(QueryShape.quote(arg.get()))));
                return Optional.of(f);
            }
        return Optional.empty();
    }

    private static Optional<String> columnByWords(SchemaIndex schema, String table, String words) {
        return schema.table(table).flatMap(t -> t.getColumnsList().stream().map(dev.overtone.proto.v1.Column::getName)
                .filter(n -> Phrasing.words(n).equals(words)).findFirst());
    }

    /** "avg age", "age avg", "average of age"; for COUNT(*) the argument is the table's rows: "shop count", "number of shops". */
    static boolean namesAggregate(String name, Set<String> words, String argument) {
        for (String w : words) {
            for (String form : List.of(w + " " + argument, argument + " " + w, w + " of " + argument))
                if (name.equals(form) || NameSimilarity.stem(name).equals(form)) return true;
        }
        return false;
    }
}
