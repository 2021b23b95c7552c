package dev.overtone.parser.variants;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Each aggregate call of an expression swapped wherever it stands as an operand; everything else kept. */
class AggregateSwapTest {

    private static String swapped(String expression) throws JSQLParserException {
        Expression e = CCJSqlParserUtil.parseExpression(expression);
        return AggregateSwap.apply(e, call -> {
            Function f = (Function) call;
            f.setName(f.getName().equalsIgnoreCase("max") ? "MIN" : "MAX");
            return f;
        }).toString();
    }

    @Test
    void aggregatesAreSwappedInsideOperatorsCallsAndComparisons() throws JSQLParserException {
        assertThat(swapped("max(a) - min(a)")).isEqualTo("MIN(a) - MAX(a)");
        assertThat(swapped("round(max(a), 1)")).isEqualTo("round(MIN(a), 1)");
        assertThat(swapped("max(a) > 10")).isEqualTo("MIN(a) > 10");
        assertThat(swapped("NOT max(a) IS NULL")).isEqualTo("NOT MIN(a) IS NULL");
        assertThat(swapped("-max(a)")).isEqualTo("-MIN(a)");
        assertThat(swapped("CAST(max(a) AS TEXT)")).isEqualTo("CAST(MIN(a) AS TEXT)");
        assertThat(swapped("max(a) BETWEEN min(b) AND 3")).isEqualTo("MIN(a) BETWEEN MAX(b) AND 3");
        assertThat(swapped("max(a) IN (1, 2)")).isEqualTo("MIN(a) IN (1, 2)");
    }

    @Test
    void anAggregateIsSwappedWholeNotEnteredAndPlainCallsAreLeft() throws JSQLParserException {
        List<String> handed = new ArrayList<>();
        Expression e = CCJSqlParserUtil.parseExpression("lower(name) || max(length(name))");
        AggregateSwap.apply(e, call -> {
            handed.add(call.toString());
            return call;
        });
        assertThat(handed).containsExactly("max(length(name))");
    }

    @Test
    void theSwapsAnswerTakesTheCallsPlace() throws JSQLParserException {
        Expression e = CCJSqlParserUtil.parseExpression("avg(a) * 2");
        assertThat(AggregateSwap.apply(e, call -> new net.sf.jsqlparser.schema.Column("x")).toString()).isEqualTo("x * 2");
        assertThat(AggregateSwap.apply(CCJSqlParserUtil.parseExpression("count(*)"), call -> new net.sf.jsqlparser.schema.Column("n")).toString())
                .as("the whole expression an aggregate").isEqualTo("n");
        assertThat(AggregateSwap.apply(null, call -> call)).isNull();
    }

    @Test
    void aCallInsideAConstructNotWalkedIsLeftForTheCallerToFind() throws JSQLParserException {
        assertThat(swapped("CASE WHEN max(a) > 1 THEN 1 END")).isEqualTo("CASE WHEN max(a) > 1 THEN 1 END");
    }
}
