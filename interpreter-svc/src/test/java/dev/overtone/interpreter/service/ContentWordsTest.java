package dev.overtone.interpreter.service;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which words of a term can name something in data. */
class ContentWordsTest {

    @Test
    void functionWordsAndTheVocabularyOfAskingAreNoContent() {
        assertThat(ContentWords.of("but just")).isEmpty();
        assertThat(ContentWords.of("listed")).isEmpty();
        assertThat(ContentWords.of("table")).isEmpty();
        assertThat(ContentWords.of("shown separately")).isEmpty();
    }

    @Test
    void wordsThatNameThingsStay() {
        assertThat(ContentWords.of("programs")).containsExactly("programs");
        assertThat(ContentWords.of("churn risk")).containsExactly("churn", "risk");
        assertThat(ContentWords.of("just programs")).containsExactly("programs");
    }
}
