package dev.overtone.interpreter.service;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InterpretationLinesTest {
    @Test
    void numberingBulletsMarkdownAndProseAreDropped() {
        String answer = "Sure! Here are the interpretations:\n\n1. **The star rating of each hotel**\n"
                + "2) \"The average review score of each hotel\"\n- The star rating of each hotel\n\nLet me know if you need more.";
        assertThat(InterpretationLines.parse(answer, 10))
                .containsExactly("The star rating of each hotel", "The average review score of each hotel");
    }

    @Test
    void plainLinesAndLimit() {
        assertThat(InterpretationLines.parse("A\n\nB\nC\n```", 2)).containsExactly("A", "B");
        assertThat(InterpretationLines.parse("", 2)).isEmpty();
    }
}
