package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.LevelWalk;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a query's aggregates from a precomputed table, level by level: every plain SELECT of the query
 * (the outer one, a set operation's branch, a subquery in WHERE, the select list or HAVING) whose own
 * aggregates the table holds, each as a column named for it ({@code avg(capacity)} -> {@code avg_capacity}),
 * and whose every other column (selected, filtered, grouped, sorted on) the table also has, the columns it
 * was grouped by. Such a level reads the table in place of its FROM (a join included: the table was
 * computed over it; the join's own conditions go with it) and keeps its WHERE, GROUP BY, HAVING, ORDER BY
 * and LIMIT. A level is left as it is when it reads a derived table or an outer join, when a subquery
 * refers to its tables, when two of its tables give one name to two columns, or when the table lacks a
 * column it names: nothing there says the table holds what it computes.
 */
final class PrecomputedRewrite {

    private PrecomputedRewrite() {
    }

    /** The columns of the target that took the aggregates' place, in order; empty when no level was rewritten. */
    static List<String> apply(Select fresh, SchemaIndex schema, String target) {
        List<String> replaced = new ArrayList<>();
        for (PlainSelect level : SelectLevels.of(fresh)) {
            Map<Function, String> columns = fit(level, schema, target);
            if (columns == null) continue;
            if (!rewrite(level, schema, target, columns)) return List.of();
            replaced.addAll(columns.values());
        }
        return replaced;
    }

    /** The target's column for each of the level's own aggregates, or null when the level cannot read the target. */
    private static Map<Function, String> fit(PlainSelect level, SchemaIndex schema, String target) {
        List<Function> aggregates = SelectLevels.ownAggregates(level);
        if (aggregates.isEmpty() || !(level.getFromItem() instanceof Table from)) return null;
        if (level.getJoins() != null)
            for (Join j : level.getJoins())
                if (!(j.getRightItem() instanceof Table) || j.isOuter() || j.isLeft() || j.isRight() || j.isFull()) return null;
        QueryShape shape = new QueryShape(level, schema);
        if (shape.aliasToTable.values().stream().anyMatch(t -> t.equalsIgnoreCase(target))) return null;
        String base = schema.tableName(QueryShape.clean(from.getName()));
        Map<Function, String> columns = new IdentityHashMap<>();
        for (Function f : aggregates) {
            if (!argumentsOwned(f, shape)) return null;
            Optional<String> column = AggregateFamily.aggregateColumn(schema, f, base, target);
            if (column.isEmpty()) return null;
            columns.put(f, column.get());
        }
        return namesFit(level, shape, schema, target) && !correlated(level, shape, schema) ? columns : null;
    }

    /** Whether each column an aggregate reads is one of the level's own. */
    private static boolean argumentsOwned(Function f, QueryShape shape) {
        if (f.getParameters() == null) return true;
        for (Object p : f.getParameters())
            if (p instanceof Column c && shape.owner(c) == null) return false;
        return true;
    }

    /** Whether the target has every column the level names outside its aggregates and join conditions, each name one column. */
    private static boolean namesFit(PlainSelect level, QueryShape shape, SchemaIndex schema, String target) {
        Map<String, String> ownerByName = new HashMap<>();
        boolean[] fits = {true};
        forEachPlainColumn(level, c -> {
            String owner = shape.owner(c);
            String name = QueryShape.clean(c.getColumnName());
            String earlier = owner == null ? null : ownerByName.putIfAbsent(name.toLowerCase(Locale.ROOT), owner);
            if (owner == null || earlier != null && !earlier.equals(owner) || schema.column(target, name).isEmpty()) fits[0] = false;
        });
        return fits[0];
    }

    /** Whether a subquery of the level names one of the level's tables by a qualifier it does not declare itself. */
    private static boolean correlated(PlainSelect level, QueryShape shape, SchemaIndex schema) {
        boolean[] found = {false};
        for (PlainSelect sub : SelectLevels.nested(level)) {
            QueryShape inner = new QueryShape(sub, schema);
            inner.forEachColumn(c -> {
                if (c.getTable() == null || c.getTable().getName() == null) return;
                String q = QueryShape.clean(c.getTable().getName()).toLowerCase(Locale.ROOT);
                if (!inner.aliasToTable.containsKey(q) && shape.aliasToTable.containsKey(q)) found[0] = true;
            });
        }
        return found[0];
    }

    /** Swaps the aggregates for the target's columns and points the level at the target; false when an aggregate is left. */
    @SuppressWarnings("unchecked")
    private static boolean rewrite(PlainSelect level, SchemaIndex schema, String target, Map<Function, String> columns) {
        java.util.function.UnaryOperator<Expression> swap = e -> {
            String column = columns.get(e);
            return column == null ? e : new Column(QueryShape.quote(column));
        };
        for (SelectItem<?> item : level.getSelectItems())
            ((SelectItem<Expression>) item).setExpression(AggregateSwap.apply(item.getExpression(), swap));
        level.setHaving(AggregateSwap.apply(level.getHaving(), swap));
        if (level.getOrderByElements() != null)
            for (OrderByElement o : level.getOrderByElements()) o.setExpression(AggregateSwap.apply(o.getExpression(), swap));
        if (!SelectLevels.ownAggregates(level).isEmpty()) return false;
        Table from = (Table) level.getFromItem();
        boolean joined = level.getJoins() != null && !level.getJoins().isEmpty();
        Table moved = new Table(QueryShape.quote(target));
        if (!joined) moved.setAlias(from.getAlias());
        boolean unqualify = joined || from.getAlias() == null;
        level.setFromItem(moved);
        level.setJoins(null);
        if (unqualify) forEachPlainColumn(level, c -> c.setTable(null));
        return true;
    }

    /** Visits the columns of the level's clauses but its join conditions, outside aggregate calls and subqueries. */
    private static void forEachPlainColumn(PlainSelect level, java.util.function.Consumer<Column> action) {
        List<Expression> clauses = LevelWalk.clauses(level);
        if (level.getJoins() != null) level.getJoins().forEach(j -> clauses.removeAll(j.getOnExpressions()));
        LevelWalk.forEachColumn(clauses, true, action);
    }
}
