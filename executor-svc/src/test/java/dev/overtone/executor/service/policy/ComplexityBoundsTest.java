package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import org.junit.jupiter.api.Test;

/** The depth bounds checked on tokens before parsing: nesting of parentheses and chains of operators. */
class ComplexityBoundsTest {
    private final ComplexityBounds bounds = new ComplexityBounds(3, 4);

    private int check(String sql) {
        return bounds.check(new TokenView(SqlLexer.lex(sql, EngineKind.POSTGRESQL).tokens()));
    }

    private void assertTooComplex(String sql, String why) {
        assertThatThrownBy(() -> check(sql)).isInstanceOf(SandboxException.class)
                .hasMessageContaining("too-complex").hasMessageContaining(why);
    }

    @Test
    void parenthesesAndBracketsUpToTheBoundPassAndOneMoreIsRefused() {
        assertThat(check("SELECT (((1)))")).isEqualTo(3);
        assertThat(check("SELECT ((a[1]))")).isEqualTo(3);
        assertTooComplex("SELECT ((((1))))", "deeper than 3 levels (overtone.executor.policy.max-nesting)");
        assertTooComplex("SELECT (((a[1])))", "deeper than 3");
    }

    @Test
    void siblingParenthesesDoNotAddUp() {
        assertThat(check("SELECT (((1))), (((2))), (((3)))")).isEqualTo(3);
    }

    @Test
    void aChainOfOperatorsUpToTheBoundPassesAndOneMoreIsRefused() {
        assertThat(check("SELECT 1 + 2 - 3 * 4 / 5")).isZero();
        assertTooComplex("SELECT 1 + 2 - 3 * 4 / 5 % 6", "more than 4 operators (overtone.executor.policy.max-operator-chain)");
        assertTooComplex("SELECT a FROM t WHERE a = 1 AND b = 2 OR c = 3", "more than 4 operators");
    }

    @Test
    void anOperatorOfSeveralCharactersCountsOnce() {
        assertThat(check("SELECT a || b || c >= d <> e")).isZero();
        assertTooComplex("SELECT a || b || c >= d <> e + f", "more than 4 operators");
    }

    @Test
    void commasClauseWordsAndParenthesesStartANewChain() {
        assertThat(check("SELECT 1 + 2 + 3 + 4, 5 + 6 + 7 + 8 FROM t WHERE a + b + c + d = e")).isZero();
        assertThat(check("SELECT 1 + 2 + (3 + 4 + 5 + 6 + 7) + 8")).isEqualTo(1);
    }
}
