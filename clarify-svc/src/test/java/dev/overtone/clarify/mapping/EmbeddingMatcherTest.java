package dev.overtone.clarify.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.WordSimilarity;
import dev.overtone.runtime.testing.ConfigStub;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Free-text replies placed by meaning with the real MiniLM model: close enough, and clearly closer than the runner-up. */
class EmbeddingMatcherTest {
    private static final List<String> RATINGS = List.of("the hotel's star rating", "the average review score");

    @Test
    void aReplyIsPlacedOnTheOptionClosestInMeaning() {
        EmbeddingMatcher matcher = matcher(0.35, 0.04);

        assertThat(matcher.closest("the stars", RATINGS)).hasValue(0);
        assertThat(matcher.closest("the review score", RATINGS)).hasValue(1);
    }

    @Test
    void noOptionWhenTheClosestIsNotCloseEnoughOrNotClearlyCloser() {
        assertThat(matcher(0.99, 0.0).closest("the stars", RATINGS)).as("below min-similarity").isEmpty();
        assertThat(matcher(0.0, 0.99).closest("the stars", RATINGS)).as("within min-margin of the runner-up").isEmpty();
        assertThat(matcher(0.35, 0.04).closest("the stars", List.of())).isEmpty();
    }

    @Test
    void theCachedOnlySimilarityNeverRunsTheModelAndAgreesWithItOnceCached() {
        EmbeddingMatcher matcher = matcher(0.35, 0.04);
        WordSimilarity cached = matcher.cachedOnly();

        assertThatThrownBy(() -> cached.similarity("rating", "stars")).isInstanceOf(WordSimilarity.NotCached.class);
        double computed = matcher.similarity("rating", "stars");

        assertThat(cached.similarity("rating", "stars")).isEqualTo(computed).isBetween(0.0, 1.0);
    }

    private static EmbeddingMatcher matcher(double minSimilarity, double minMargin) {
        ClarifyConfig.Mapping.Embedding embedding = ConfigStub.of(ClarifyConfig.Mapping.Embedding.class,
                Map.of("enabled", true, "minSimilarity", minSimilarity, "minMargin", minMargin));
        return new EmbeddingMatcher(ConfigStub.of(ClarifyConfig.class,
                Map.of("mapping", ConfigStub.of(ClarifyConfig.Mapping.class, Map.of("embedding", embedding)))));
    }
}
