package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statements;
import org.junit.jupiter.api.Test;

/** A parse on the calling thread, stopped at its budget as JSqlParser's own timeout is; a syntax error stays one. */
class ParseWatchdogTest {
    private static long inAMinute() {
        return System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    }

    @Test
    void aParseWithinItsBudgetGivesTheStatements() throws JSQLParserException {
        Statements statements = ParseWatchdog.parse(CCJSqlParserUtil.newParser("SELECT 1; SELECT 2"), inAMinute());
        assertThat(statements).hasSize(2);
    }

    @Test
    void aParsePastItsBudgetFailsAsATimeout() {
        String slow = "SELECT " + String.join(" + ", Collections.nCopies(200_000, "(a * b)"));
        assertThatThrownBy(() -> ParseWatchdog.parse(CCJSqlParserUtil.newParser(slow), System.nanoTime()))
                .isInstanceOf(JSQLParserException.class).hasMessage("Time out occurred.")
                .hasCauseInstanceOf(TimeoutException.class);
    }

    @Test
    void aSyntaxErrorIsNotATimeout() {
        assertThatThrownBy(() -> ParseWatchdog.parse(CCJSqlParserUtil.newParser("SELECT FROM WHERE"), inAMinute()))
                .isInstanceOf(JSQLParserException.class)
                .satisfies(e -> assertThat(e.getCause()).isNotInstanceOf(TimeoutException.class));
    }
}
