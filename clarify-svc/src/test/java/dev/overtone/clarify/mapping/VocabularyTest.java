package dev.overtone.clarify.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The words of a reply or a question, and when a reply word names a schema word. */
class VocabularyTest {

    @Test
    void wordsSplitOnAnythingButLettersAndDigits() {
        assertThat(Vocabulary.words("hotels.stars, Ørsted's 2nd")).containsExactly("hotels", "stars", "ørsted", "s", "2nd");
        assertThat(Vocabulary.words(null)).isEmpty();
    }

    @Test
    void contentWordsDropStopwordsAndSingleLetters() {
        assertThat(Vocabulary.contentWords("I mean the average of the review scores, please"))
                .containsExactly("average", "review", "scores");
        assertThat(Vocabulary.contentWords("the count of x")).isEmpty();
    }

    @Test
    void aReplyWordMatchesTheSameWordAnAbbreviationOrTheWordWithAnEnding() {
        assertThat(Vocabulary.matches("stars", "stars")).isTrue();
        assertThat(Vocabulary.matches("prod", "product")).isTrue();
        assertThat(Vocabulary.matches("stars", "star")).isTrue();
        // too short to abbreviate, too long an ending, a different word
        assertThat(Vocabulary.matches("pr", "product")).isFalse();
        assertThat(Vocabulary.matches("starlights", "star")).isFalse();
        assertThat(Vocabulary.matches("score", "stars")).isFalse();
    }
}
