package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
import org.junit.jupiter.api.Test;

/** Which statements are parsed on the calling thread: the nesting ComplexityBounds reports, and the bounds. */
class ParseBoundsTest {
    private final ComplexityBounds complexity = new ComplexityBounds(100, 1000);
    private final ParseBounds bounds = new ParseBounds(400, 6);

    private int nesting(String sql) {
        return complexity.check(new TokenView(SqlLexer.lex(sql, EngineKind.POSTGRESQL).tokens()));
    }

    @Test
    void nestingCountsParenthesesBracketsAndCaseTogether() {
        assertThat(nesting("SELECT a FROM t")).isZero();
        assertThat(nesting("SELECT ((a)) FROM t WHERE b IN (1, 2)")).isEqualTo(2);
        assertThat(nesting("SELECT a[1] FROM t")).isEqualTo(1);
        assertThat(nesting("SELECT CASE WHEN a THEN CASE WHEN b THEN 1 END END FROM t")).isEqualTo(2);
        assertThat(nesting("SELECT (CASE WHEN a THEN (1) END) FROM t")).isEqualTo(3);
        assertThat(nesting("SELECT CASE WHEN a THEN 1 END, (2) FROM t")).isEqualTo(1);
    }

    @Test
    void onlySmallShallowStatementsAreParsedOnTheCallingThread() {
        assertThat(bounds.onCallingThread(400, 6)).isTrue();
        assertThat(bounds.onCallingThread(401, 0)).isFalse();
        assertThat(bounds.onCallingThread(10, 7)).isFalse();
        assertThat(new ParseBounds(0, 6).onCallingThread(1, 0)).isFalse();
    }
}
