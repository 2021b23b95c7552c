package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Phrasing;

import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;

import java.util.function.UnaryOperator;

/**
 * Puts another expression in the place of each aggregate call of an expression tree, wherever an
 * operand sits: {@code max(a) - min(a)}, {@code round(avg(a), 1)}, {@code avg(a) > 10}. A call inside
 * a construct not walked here is left as it is; the caller checks that none is left.
 */
final class AggregateSwap {

    private AggregateSwap() {
    }

    /** The expression with each aggregate call replaced by {@code swap}'s answer (the same node where it keeps the call). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Expression apply(Expression e, UnaryOperator<Expression> swap) {
        if (e == null) return null;
        if (Phrasing.isAggregate(e)) return swap.apply(e);
        if (e instanceof BinaryExpression b) {
            b.setLeftExpression(apply(b.getLeftExpression(), swap));
            b.setRightExpression(apply(b.getRightExpression(), swap));
        } else if (e instanceof ExpressionList list) {
            for (int i = 0; i < list.size(); i++) list.set(i, apply((Expression) list.get(i), swap));
        } else if (e instanceof Function f && f.getParameters() != null) {
            apply(f.getParameters(), swap);
        } else if (e instanceof NotExpression n) {
            n.setExpression(apply(n.getExpression(), swap));
        } else if (e instanceof SignedExpression s) {
            s.setExpression(apply(s.getExpression(), swap));
        } else if (e instanceof CastExpression c) {
            c.setLeftExpression(apply(c.getLeftExpression(), swap));
        } else if (e instanceof Between b) {
            b.setLeftExpression(apply(b.getLeftExpression(), swap));
            b.setBetweenExpressionStart(apply(b.getBetweenExpressionStart(), swap));
            b.setBetweenExpressionEnd(apply(b.getBetweenExpressionEnd(), swap));
        } else if (e instanceof InExpression in) {
            in.setLeftExpression(apply(in.getLeftExpression(), swap));
        } else if (e instanceof IsNullExpression n) {
            n.setLeftExpression(apply(n.getLeftExpression(), swap));
        }
        return e;
    }
}
