package dev.overtone.cli.replay;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PromptTextTest {

    @Test
    void caseQuotesMarkdownAndLineBreaksAroundAQuestionDoNotChangeIt() {
        String plain = PromptText.normalize("List the rating of every hotel");
        assertThat(plain).isEqualTo(" list the rating of every hotel ");
        assertThat(PromptText.normalize("**Question:** \"List the RATING of every hotel?\"\n"))
                .isEqualTo(" question list the rating of every hotel ");
        assertThat(PromptText.normalize("**Question:** \"List the RATING of every hotel?\"\n")).contains(plain);
    }

    @Test
    void compatibilityFormsFoldAndLettersOfOtherScriptsStay() {
        assertThat(PromptText.normalize("ﬁve Ｈotels")).isEqualTo(" five hotels ");
        assertThat(PromptText.normalize("Café—Zürich")).isEqualTo(" café zürich ");
    }

    @Test
    void aTextPaddedOnBothSidesMatchesOnWholeWordsOnly() {
        assertThat(PromptText.normalize("the hotels in Lyon")).doesNotContain(PromptText.normalize("hotel"));
        assertThat(PromptText.normalize("...")).isEqualTo(" ");
    }
}
