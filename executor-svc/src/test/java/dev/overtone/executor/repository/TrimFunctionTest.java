package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** trim, ltrim and rtrim with a set of characters on a real SQLite: which ends, the set as a C string, the cap. */
class TrimFunctionTest {
    private static final int MAX_LENGTH = 240;
    private OneSqliteFunction both;
    private OneSqliteFunction left;
    private OneSqliteFunction right;

    @BeforeEach
    void open() throws SQLException {
        both = new OneSqliteFunction("linear_trim", 2, new TrimFunction(true, true, MAX_LENGTH), MAX_LENGTH);
        left = new OneSqliteFunction("linear_trim", 2, new TrimFunction(true, false, MAX_LENGTH), MAX_LENGTH);
        right = new OneSqliteFunction("linear_trim", 2, new TrimFunction(false, true, MAX_LENGTH), MAX_LENGTH);
    }

    @AfterEach
    void close() throws SQLException {
        both.close();
        left.close();
        right.close();
    }

    @Test
    void theSetsCharactersLeaveTheEndsItTrims() throws SQLException {
        assertThat(both.value("linear_trim(?, ?)", "xyhotelyx", "xy")).isEqualTo("hotel");
        assertThat(left.value("linear_trim(?, ?)", "xyhotelyx", "xy")).isEqualTo("hotelyx");
        assertThat(right.value("linear_trim(?, ?)", "xyhotelyx", "xy")).isEqualTo("xyhotel");
        assertThat(both.value("linear_trim(?, ?)", "😀é😀", "😀")).as("whole characters, not UTF-16 halves")
                .isEqualTo("é");
        assertThat(both.value("linear_trim(?, ?)", "xyx", "xy")).isEqualTo("");
    }

    @Test
    void aSetLargerThanTheSmallSetIsTrimmedTheSame() throws SQLException {
        String set = "abcdefghijklmnopqw😀"; // 19 characters, past 16: the hash-set path
        assertThat(both.value("linear_trim(?, ?)", "a😀wHOTELbc", set)).isEqualTo("HOTEL");
    }

    @Test
    void theSetEndsAtAZeroCharacterAsSqliteReadsIt() throws SQLException {
        assertThat(both.value("linear_trim(?, ?)", "xhotely", "x\0y")).isEqualTo("hotely");
    }

    @Test
    void eitherArgumentNullIsNull() throws SQLException {
        assertThat(both.value("linear_trim(NULL, ?)", "x")).isNull();
        assertThat(both.value("linear_trim(?, NULL)", "x")).isNull();
    }

    @Test
    void aSetWhoseTablePassesTheLengthLimitFailsAsSqlitesOwnWould() throws SQLException {
        assertThat(both.value("linear_trim(?, ?)", "a", "b".repeat(20))).isEqualTo("a"); // 20 * 12 bytes = the limit
        assertThatThrownBy(() -> both.value("linear_trim(?, ?)", "a", "b".repeat(21)))
                .isInstanceOf(SQLException.class).hasMessageContaining("string or blob too big");
    }
}
