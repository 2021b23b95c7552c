package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatementTokenizerTest {

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1;", "SELECT 1; -- done\n", "INSERT INTO t VALUES ('a;b');", "SELECT \"x;\" FROM [a;b];"})
    void completeWhenTheLastStatementIsTerminatedOutsideQuotesAndComments(String sql) {
        assertThat(StatementTokenizer.isComplete(sql)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1", "INSERT INTO t VALUES ('a;b'", "SELECT 1; /* open"})
    void notCompleteWhileTheLastStatementOrACommentIsOpen(String sql) {
        assertThat(StatementTokenizer.isComplete(sql)).isFalse();
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
