package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pivot term without a model run (what Recall computes on the event loop): refused while a word's vector is not
 * cached, and the very term the model gives once it is.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class PivotTermsTest {

    @Inject
    ClarifyConfig config;

    @Test
    void withoutTheModelTheSameTermOnceTheWordsVectorsAreCached() {
        // "grading" names neither option's column, so only the model can say whether it is their pivot; a matcher of the
        // test's own starts with no vector cached, whatever other tests of this application asked before
        PivotTerms pivotTerms = new PivotTerms();
        pivotTerms.embeddings = new EmbeddingMatcher(config);
        String question = "the grading of each hotel";
        DecisionVariable v = DecisionVariableExtractor.extract(List.of(
                List.of(new SlotValue("select[0]", "hotels.stars", "shows stars of hotels", List.of("hotels.stars"))),
                List.of(new SlotValue("select[0]", "AVG(reviews.score)", "shows average score of reviews", List.of("reviews.score"))))).get(0);
        assertThatThrownBy(() -> pivotTerms.withoutModel(question, v)).isInstanceOf(WordSimilarity.NotCached.class);

        String term = pivotTerms.of(question, v, CallTime.NONE); // runs the model, which caches the words' vectors
        assertThat(pivotTerms.withoutModel(question, v)).isEqualTo(term);
    }

    @Test
    void aCallWhoseTimeIsUpStopsAtItsFirstComparisonByMeaningRatherThanGoOnByWords() {
        PivotTerms pivotTerms = new PivotTerms();
        pivotTerms.embeddings = new EmbeddingMatcher(config);
        DecisionVariable v = DecisionVariableExtractor.extract(List.of(
                List.of(new SlotValue("select[0]", "hotels.stars", "shows stars of hotels", List.of("hotels.stars"))),
                List.of(new SlotValue("select[0]", "AVG(reviews.score)", "shows average score of reviews", List.of("reviews.score"))))).get(0);
        CallTime upNow = CallTime.ofCurrentCall(Duration.ZERO);

        assertThatThrownBy(() -> pivotTerms.of("the grading of each hotel", v, upNow)).isInstanceOfSatisfying(ClarifyException.class,
                e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.DEADLINE_EXCEEDED));
        assertThat(pivotTerms.of("the stars of each hotel", v, upNow)).as("a term the words alone give needs no time").isEqualTo("stars");
    }
}
