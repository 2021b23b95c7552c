package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** replace on a real SQLite: every occurrence left to right, SQLite's NULL and empty-pattern rules, the length cap. */
class ReplaceFunctionTest {
    /** Room for the failure message too: SQLite drops an error text longer than its length limit. */
    private static final int MAX_LENGTH = 60;
    private OneSqliteFunction sqlite;

    @BeforeEach
    void open() throws SQLException {
        sqlite = new OneSqliteFunction("linear_replace", 3, new ReplaceFunction(MAX_LENGTH), MAX_LENGTH);
    }

    @AfterEach
    void close() throws SQLException {
        sqlite.close();
    }

    @Test
    void everyOccurrenceIsReplacedLeftToRightWithoutOverlapping() throws SQLException {
        assertThat(sqlite.value("linear_replace(?, ?, ?)", "a-b-c", "-", "+")).isEqualTo("a+b+c");
        assertThat(sqlite.value("linear_replace(?, ?, ?)", "aaa", "aa", "b")).isEqualTo("ba");
        assertThat(sqlite.value("linear_replace(?, ?, ?)", "abc", "x", "y")).isEqualTo("abc");
        assertThat(sqlite.value("linear_replace(12312, ?, ?)", "2", "")).as("a number is taken as text")
                .isEqualTo("131");
    }

    @Test
    void anEmptyPatternOrOneStartingWithAZeroLeavesTheTextWhateverTheReplacement() throws SQLException {
        assertThat(sqlite.value("linear_replace(?, ?, NULL)", "abc", "")).isEqualTo("abc");
        assertThat(sqlite.value("linear_replace(?, ?, ?)", "a\0b", "\0b", "x")).isEqualTo("a\0b");
    }

    @Test
    void aNullTextOrPatternIsNullAndSoIsANullReplacementOfARealPattern() throws SQLException {
        assertThat(sqlite.value("linear_replace(NULL, ?, ?)", "a", "b")).isNull();
        assertThat(sqlite.value("linear_replace(?, NULL, ?)", "a", "b")).isNull();
        assertThat(sqlite.value("linear_replace(?, ?, NULL)", "abc", "b")).isNull();
    }

    @Test
    void aResultPastTheLengthLimitFailsAsSqlitesOwnWould() throws SQLException {
        String fifteen = "b".repeat(15);
        assertThat(sqlite.value("linear_replace(?, ?, ?)", "aaaa", "a", fifteen)).isEqualTo("b".repeat(60));
        assertThatThrownBy(() -> sqlite.value("linear_replace(?, ?, ?)", "aaaaa", "a", fifteen))
                .isInstanceOf(SQLException.class).hasMessageContaining("string or blob too big");
        assertThatThrownBy(() -> sqlite.value("linear_replace(?, ?, ?)", "aaaa", "a", "é".repeat(14)))
                .as("56 characters, 112 UTF-8 bytes: the limit counts bytes").hasMessageContaining("string or blob too big");
    }
}
