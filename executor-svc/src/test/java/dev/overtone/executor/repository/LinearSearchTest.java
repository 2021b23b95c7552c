package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Knuth-Morris-Pratt search finds what String.indexOf finds, in linear time, and stops at the deadline. */
class LinearSearchTest {
    private final Random random = new Random(7);

    @AfterEach
    void clear() {
        StatementDeadline.clear();
    }

    @Test
    void findsWhatIndexOfFindsFromEveryStart() throws SQLException {
        String[] alphabet = {"a", "b", "😀", "\0"};
        for (int i = 0; i < 20_000; i++) {
            String text = random(alphabet, random.nextInt(40));
            String pattern = random(alphabet, random.nextInt(6));
            int from = random.nextInt(text.length() + 1);
            assertThat(new LinearSearch(pattern, 0).indexIn(text, from)).as("'%s' in '%s' from %d", pattern, text, from)
                    .isEqualTo(text.indexOf(pattern, from));
        }
    }

    @Test
    void aQuadraticCaseForIndexOfTakesLinearTime() throws SQLException {
        String text = "a".repeat(4_000_000);
        String pattern = "a".repeat(2_000_000) + "b";
        long start = System.nanoTime();
        assertThat(new LinearSearch(pattern).indexIn(text, 0)).isEqualTo(-1);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1_000);
    }

    @Test
    void stopsOnceTheDeadlinePassed() {
        StatementDeadline.set(System.nanoTime() - 1);
        String text = "a".repeat(LinearSearch.CHECK_EVERY * 4);
        assertThatThrownBy(() -> new LinearSearch("ab", 0).indexIn(text, 0)).isInstanceOf(SQLException.class)
                .hasMessageContaining(StatementDeadline.PASSED);
    }

    private String random(String[] alphabet, int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append(alphabet[random.nextInt(alphabet.length)]);
        }
        return s.toString();
    }
}
