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
    void aQuadraticCaseForIndexOfEndsLongBeforeADeadlineAQuadraticSearchWouldPass() throws SQLException {
        // 2 million alignments of a 2-million-character pattern: about 4e12 comparisons for a search that
        // compares the pattern at every position (hours), 6 million for this one (milliseconds). The
        // deadline is the bound: generous enough for any machine, far too short for a quadratic search.
        String text = "a".repeat(4_000_000);
        String pattern = "a".repeat(2_000_000) + "b";
        StatementDeadline.set(System.nanoTime() + 20_000_000_000L);
        assertThat(new LinearSearch(pattern).indexIn(text, 0)).isEqualTo(-1);
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
