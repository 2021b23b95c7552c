package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Phrasing;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The plain SELECTs a query is made of, each a level with clauses of its own: the outer query, the branches
 * of a set operation, and every subquery (in a select item, WHERE, HAVING, or FROM), outer levels first.
 */
final class SelectLevels {

    private SelectLevels() {
    }

    /** Every plain SELECT of the query, the outer ones first. */
    static List<PlainSelect> of(Select s) {
        List<PlainSelect> out = new ArrayList<>();
        collect(s, out);
        return out;
    }

    /** The plain SELECTs inside this one's clauses, at any depth (not the level itself). */
    static List<PlainSelect> nested(PlainSelect ps) {
        List<PlainSelect> out = new ArrayList<>();
        forEachSubquery(ps, sub -> collect(sub, out));
        return out;
    }

    private static void collect(Select s, List<PlainSelect> out) {
        if (s instanceof PlainSelect ps) {
            out.add(ps);
            forEachSubquery(ps, sub -> collect(sub, out));
        } else if (s instanceof SetOperationList set) {
            set.getSelects().forEach(b -> collect(b, out));
        } else if (s instanceof ParenthesedSelect p) {
            collect(p.getSelect(), out);
        }
    }

    /** The subqueries written directly in this level's clauses and FROM. */
    private static void forEachSubquery(PlainSelect ps, Consumer<Select> action) {
        List<FromItem> from = new ArrayList<>();
        if (ps.getFromItem() != null) from.add(ps.getFromItem());
        if (ps.getJoins() != null) for (Join j : ps.getJoins()) from.add(j.getRightItem());
        for (FromItem f : from) if (f instanceof ParenthesedSelect sub) action.accept(sub);
        LevelWalk v = new LevelWalk(action);
        for (Expression e : clauses(ps)) e.accept(v, null);
    }

    /** The aggregate calls of this level's own clauses (not of its subqueries, not nested in another aggregate). */
    static List<Function> ownAggregates(PlainSelect ps) {
        List<Function> out = new ArrayList<>();
        LevelWalk v = new LevelWalk(sub -> { }) {
            @Override
            public <S> Void visit(Function f, S context) {
                if (Phrasing.isAggregate(f)) out.add(f);
                else super.visit(f, context);
                return null;
            }
        };
        for (Expression e : clauses(ps)) e.accept(v, null);
        return out;
    }

    /** The expressions of every clause of the level: select items, join conditions, WHERE, GROUP BY, HAVING, ORDER BY. */
    static List<Expression> clauses(PlainSelect ps) {
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

    /** An expression walk that stays on one level: a subquery is handed to {@code onSubquery}, not entered. */
    static class LevelWalk extends ExpressionVisitorAdapter<Void> {
        private final Consumer<Select> onSubquery;

        LevelWalk(Consumer<Select> onSubquery) {
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
    }
}
