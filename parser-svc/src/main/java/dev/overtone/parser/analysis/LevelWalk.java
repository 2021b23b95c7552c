package dev.overtone.parser.analysis;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * An expression walk that stays on one level of a query, one plain SELECT: a subquery is handed to
 * {@code onSubquery}, not entered. With the level's clauses and FROM items, the one walk the variant families,
 * {@link QueryShape} and the precomputed rewrite share.
 */
public class LevelWalk extends ExpressionVisitorAdapter<Void> {
    private final Consumer<Select> onSubquery;

    public LevelWalk(Consumer<Select> onSubquery) {
        this.onSubquery = onSubquery;
    }

    @Override
    public <S> Void visit(ParenthesedSelect sub, S context) {
        onSubquery.accept(sub);
        return null;
    }

    @Override
    public <S> Void visit(Select sub, S context) {
        onSubquery.accept(sub);
        return null;
    }

    /** The expressions of every clause of the level: select items, join conditions, WHERE, GROUP BY, HAVING, ORDER BY. */
    public static List<Expression> clauses(PlainSelect ps) {
        List<Expression> all = new ArrayList<>();
        for (SelectItem<?> item : ps.getSelectItems()) all.add(item.getExpression());
        if (ps.getJoins() != null) ps.getJoins().forEach(j -> all.addAll(j.getOnExpressions()));
        if (ps.getWhere() != null) all.add(ps.getWhere());
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null)
            ps.getGroupBy().getGroupByExpressionList().forEach(e -> all.add((Expression) e));
        if (ps.getHaving() != null) all.add(ps.getHaving());
        if (ps.getOrderByElements() != null) for (OrderByElement o : ps.getOrderByElements()) all.add(o.getExpression());
        return all;
    }

    /** What the level reads: its FROM item and each join's, in order. */
    public static List<FromItem> fromItems(PlainSelect ps) {
        List<FromItem> from = new ArrayList<>();
        if (ps.getFromItem() != null) from.add(ps.getFromItem());
        if (ps.getJoins() != null) for (Join j : ps.getJoins()) from.add(j.getRightItem());
        return from;
    }

    /**
     * Visits the columns of {@code expressions} on their level (not in subqueries); with {@code outsideAggregates}
     * not those inside an aggregate call either.
     */
    public static void forEachColumn(List<Expression> expressions, boolean outsideAggregates, Consumer<Column> action) {
        LevelWalk v = new LevelWalk(sub -> { }) {
            @Override
            public <S> Void visit(Column column, S context) {
                action.accept(column);
                return null;
            }

            @Override
            public <S> Void visit(Function f, S context) {
                return outsideAggregates && Phrasing.isAggregate(f) ? null : super.visit(f, context);
            }
        };
        for (Expression e : expressions) e.accept(v, null);
    }
}
