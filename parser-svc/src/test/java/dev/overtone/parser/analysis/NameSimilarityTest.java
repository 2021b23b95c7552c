package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lexical closeness of names: their words, stemmed, without the words every question has. */
class NameSimilarityTest {

    @Test
    void tokensAreTheNamesWordsStemmedWithoutStopWordsOrSingleLetters() {
        assertThat(NameSimilarity.tokens("StarRatings")).containsExactly("star", "rating");
        assertThat(NameSimilarity.tokens("list_of_the_cities")).containsExactly("city");
        assertThat(NameSimilarity.tokens("a_b id")).isEmpty();
    }

    /** The usual plurals undone; a double s, and words too short to tell, left as they are. */
    @ParameterizedTest
    @CsvSource({"Companies, company", "boxes, box", "matches, match", "hotels, hotel", "address, address", "gas, gas"})
    void stemsUndoTheUsualPlurals(String word, String stem) {
        assertThat(NameSimilarity.stem(word)).isEqualTo(stem);
    }

    @ParameterizedTest
    @CsvSource({"star_rating, hotel star rating, 1.0", "star_rating, guest rating, 0.5", "price, city, 0.0", "the, city, 0.0"})
    void lexicalIsTheShareOfTheSmallerNameFoundInTheOther(String a, String b, double share) {
        assertThat(NameSimilarity.lexical(a, b)).isEqualTo(share);
    }

    @ParameterizedTest
    @CsvSource({"manufacturer, manu, true", "car, cart, false", "city, city, true"})
    void wordsOfFourLettersOrMoreMatchByPrefix(String a, String b, boolean same) {
        assertThat(NameSimilarity.sameWord(a, b)).isEqualTo(same);
    }

    @ParameterizedTest
    @CsvSource({"star_rating, 1.0", "review_rating, 0.5", "id, 0.0"})
    void mentionedIsTheShareOfTheNamesWordsTheQuestionHas(String name, double share) {
        Set<String> question = NameSimilarity.tokens("Which hotels have the best star ratings?");

        assertThat(NameSimilarity.mentioned(question, name)).isEqualTo(share);
    }
}
