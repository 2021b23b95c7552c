package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.LevelWalk;
import dev.overtone.parser.analysis.Phrasing;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The plain SELECTs a query is made of, each a level with clauses of its own: the outer query, the branches
 * of a set operation, every subquery (in a select item, WHERE, HAVING, or FROM), outer levels first, and the body of
 * each common table expression after the query that names it (so the outer query stays the first level).
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
        if (s.getWithItemsList() != null) {
            for (WithItem<?> w : s.getWithItemsList()) if (w.getSelect() != null) collect(w.getSelect(), out);
        }
    }

    /** The subqueries written directly in this level's clauses and FROM. */
    private static void forEachSubquery(PlainSelect ps, Consumer<Select> action) {
        for (FromItem f : LevelWalk.fromItems(ps)) if (f instanceof ParenthesedSelect sub) action.accept(sub);
        LevelWalk v = new LevelWalk(action);
        for (Expression e : LevelWalk.clauses(ps)) e.accept(v, null);
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
        for (Expression e : LevelWalk.clauses(ps)) e.accept(v, null);
        return out;
    }
}
