package dev.overtone.runtime.llm;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class ListedLinesTest {
    private static final ListedLines LINES = new ListedLines("(?:reading)",
            Pattern.compile("^(here (are|is)|i hope)\\b.*", Pattern.CASE_INSENSITIVE));

    @Test
    void markedLinesWinOverTheTalkAroundThem() {
        String answer = "Here are the readings:\n1. **The stars**\nSome remark\n2) \"The average score\"\n```\n"
                + "Reading 3: the number of reviews\n\u2022 The rooms' price\nb) the amenities";
        assertThat(LINES.read(answer, 10, line -> false))
                .containsExactly("The stars", "The average score", "the number of reviews", "The rooms' price", "the amenities");
    }

    @Test
    void withoutMarkersEveryPlainLineCountsOnceAndUpToTheLimit() {
        assertThat(LINES.read("A\n\nB\na\nC", 2, line -> false)).containsExactly("A", "B");
        assertThat(LINES.read(null, 2, line -> false)).isEmpty();
    }

    @Test
    void linesSetAsideAreNotItems() {
        assertThat(LINES.read("- A\n- nothing else\n- B", 5, line -> line.contains("nothing")))
                .containsExactly("A", "B");
    }
}
