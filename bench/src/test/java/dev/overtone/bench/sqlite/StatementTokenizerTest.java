package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementTokenizerTest {

    @Test
    void completeOnlyWhenTheLastStatementIsTerminated() {
        assertThat(StatementTokenizer.isComplete("SELECT 1;")).isTrue();
        assertThat(StatementTokenizer.isComplete("SELECT 1")).isFalse();
        assertThat(StatementTokenizer.isComplete("SELECT 1; -- done\n")).isTrue();
        assertThat(StatementTokenizer.isComplete("INSERT INTO t VALUES ('a;b'")).isFalse();
        assertThat(StatementTokenizer.isComplete("INSERT INTO t VALUES ('a;b');")).isTrue();
        assertThat(StatementTokenizer.isComplete("SELECT 1; /* open")).isFalse();
        assertThat(StatementTokenizer.isComplete("SELECT \"x;\" FROM [a;b];")).isTrue();
    }

    @Test
    void triggerBodiesNeedTheirEnd() {
        String trigger = "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = 1; ";
        assertThat(StatementTokenizer.isComplete(trigger)).isFalse();
        assertThat(StatementTokenizer.isComplete(trigger + "END;")).isTrue();
    }

    @Test
    void findsTheEndOfTheFirstStatementAndChecksTheTail() {
        String two = "SELECT ';' FROM t; SELECT 2";
        int end = StatementTokenizer.endOfFirstStatement(two);
        assertThat(two.substring(0, end)).isEqualTo("SELECT ';' FROM t;");
        assertThat(StatementTokenizer.onlyWhitespaceAndComments(two.substring(end))).isFalse();
        assertThat(StatementTokenizer.onlyWhitespaceAndComments("  -- c\n /* d */ \r\n")).isTrue();
        assertThat(StatementTokenizer.endOfFirstStatement("SELECT 1")).isEqualTo(-1);
    }
}
