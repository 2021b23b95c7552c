package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Lexical closeness of names: their words, stemmed, without the words every question has. */
class NameSimilarityTest {

    @Test
    void tokensAreTheNamesWordsStemmedWithoutStopWordsOrSingleLetters() {
        assertThat(NameSimilarity.tokens("StarRatings")).containsExactly("star", "rating");
        assertThat(NameSimilarity.tokens("list_of_the_cities")).containsExactly("city");
        assertThat(NameSimilarity.tokens("a_b id")).isEmpty();
    }

    @Test
    void stemsUndoTheUsualPlurals() {
        assertThat(NameSimilarity.stem("Companies")).isEqualTo("company");
        assertThat(NameSimilarity.stem("boxes")).isEqualTo("box");
        assertThat(NameSimilarity.stem("matches")).isEqualTo("match");
        assertThat(NameSimilarity.stem("hotels")).isEqualTo("hotel");
        // not a plural: a double s, and words too short to tell
        assertThat(NameSimilarity.stem("address")).isEqualTo("address");
        assertThat(NameSimilarity.stem("gas")).isEqualTo("gas");
    }

    @Test
    void lexicalIsTheShareOfTheSmallerNameFoundInTheOther() {
        assertThat(NameSimilarity.lexical("star_rating", "hotel star rating")).isEqualTo(1.0);
        assertThat(NameSimilarity.lexical("star_rating", "guest rating")).isEqualTo(0.5);
        assertThat(NameSimilarity.lexical("price", "city")).isZero();
        assertThat(NameSimilarity.lexical("the", "city")).isZero();
    }

    @Test
    void wordsOfFourLettersOrMoreMatchByPrefix() {
        assertThat(NameSimilarity.sameWord("manufacturer", "manu")).isTrue();
        assertThat(NameSimilarity.sameWord("car", "cart")).isFalse();
        assertThat(NameSimilarity.sameWord("city", "city")).isTrue();
    }

    @Test
    void mentionedIsTheShareOfTheNamesWordsTheQuestionHas() {
        Set<String> question = NameSimilarity.tokens("Which hotels have the best star ratings?");

        assertThat(NameSimilarity.mentioned(question, "star_rating")).isEqualTo(1.0);
        assertThat(NameSimilarity.mentioned(question, "review_rating")).isEqualTo(0.5);
        assertThat(NameSimilarity.mentioned(question, "id")).isZero();
    }
}
