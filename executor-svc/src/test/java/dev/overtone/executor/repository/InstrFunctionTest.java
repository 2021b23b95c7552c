package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** instr on a real SQLite: character positions for text, byte positions for two blobs, 0 when absent. */
class InstrFunctionTest {
    private OneSqliteFunction sqlite;

    @BeforeEach
    void open() throws SQLException {
        sqlite = new OneSqliteFunction("linear_instr", 2, new InstrFunction(), 1_000);
    }

    @AfterEach
    void close() throws SQLException {
        sqlite.close();
    }

    @Test
    void aTextNeedleIsFoundAtItsCharacterPositionCountingFromOne() throws SQLException {
        assertThat(sqlite.value("linear_instr(?, ?)", "hotel", "tel")).isEqualTo(3);
        // two characters of two and four UTF-8 bytes before the needle: still position 3
        assertThat(sqlite.value("linear_instr(?, ?)", "é😀x", "x")).isEqualTo(3);
        assertThat(sqlite.value("linear_instr(?, ?)", "abab", "b")).as("the first occurrence").isEqualTo(2);
    }

    @Test
    void anAbsentNeedleIsZeroAndAnEmptyOneIsOne() throws SQLException {
        assertThat(sqlite.value("linear_instr(?, ?)", "hotel", "motel")).isEqualTo(0);
        assertThat(sqlite.value("linear_instr(?, ?)", "hotel", "")).isEqualTo(1);
    }

    @Test
    void twoBlobsAreSearchedByteByByte() throws SQLException {
        assertThat(sqlite.value("linear_instr(x'c3a978', x'78')")).as("byte 3, where text would say character 2")
                .isEqualTo(3);
        assertThat(sqlite.value("linear_instr(x'c3a978', ?)", "x")).as("a blob and text: both read as text")
                .isEqualTo(2);
    }

    @Test
    void eitherArgumentNullIsNull() throws SQLException {
        assertThat(sqlite.value("linear_instr(NULL, ?)", "a")).isNull();
        assertThat(sqlite.value("linear_instr(?, NULL)", "a")).isNull();
    }
}
