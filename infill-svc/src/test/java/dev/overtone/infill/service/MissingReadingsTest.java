package dev.overtone.infill.service;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MissingReadingsTest {
    @Test
    void numberedListWithProse() {
        MissingReadings m = MissingReadings.parse("Here are the missing interpretations:\n1) First one\n2. Second one\n\nHope this helps.", 5);
        assertThat(m.interpretations()).containsExactly("First one", "Second one");
        assertThat(m.allCovered()).isFalse();
    }

    @Test
    void coveredSentenceInOtherWordings() {
        assertThat(MissingReadings.parse("All possible interpretations are covered.", 5).allCovered()).isTrue();
        assertThat(MissingReadings.parse("  all the interpretations have already been covered  ", 5).allCovered()).isTrue();
        assertThat(MissingReadings.parse("No missing interpretations.", 5).allCovered()).isTrue();
    }

    @Test
    void linesWinOverAHedgedCoveredSentence() {
        MissingReadings m = MissingReadings.parse("- The number of reviews\nOtherwise all possible interpretations are covered.", 5);
        assertThat(m.interpretations()).containsExactly("The number of reviews");
        assertThat(m.allCovered()).isFalse();
    }

    @Test
    void plainLinesDuplicatesAndLimit() {
        MissingReadings m = MissingReadings.parse("\"A\"\nB\nb\nC", 2);
        assertThat(m.interpretations()).containsExactly("A", "B");
    }
}
