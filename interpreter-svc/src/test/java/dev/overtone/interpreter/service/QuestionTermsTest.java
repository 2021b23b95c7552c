package dev.overtone.interpreter.service;

import dev.overtone.interpreter.fake.Hotels;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QuestionTermsTest {
    @Test
    void schemaWordsPluralsAndSampleValuesAreGrounded() {
        var terms = QuestionTerms.of("Show the stars of hotels in Lisbon and their reviews' scores", Hotels.schema("demo", "hotels"));
        assertThat(QuestionTerms.ungrounded(terms)).isEmpty();
    }

    @Test
    void consecutiveUngroundedWordsFormOneTerm() {
        var terms = QuestionTerms.of("return the churn risk of each hotel", Hotels.schema("demo", "hotels"));
        assertThat(QuestionTerms.ungrounded(terms)).containsExactly("churn risk");
        var rating = QuestionTerms.of("return the rating of each hotel", Hotels.schema("demo", "hotels"));
        assertThat(QuestionTerms.ungrounded(rating)).isEmpty();
        assertThat(QuestionTerms.pivots(rating)).containsExactly("rating");
    }
}
