package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Without a model no two texts are alike; a vector that is not cached is an expected turn, not a fault to debug. */
class WordSimilarityTest {

    @Test
    void withoutAModelNoTwoTextsAreAlikeNotEvenTheSame() {
        assertThat(WordSimilarity.NONE.similarity("stars", "stars")).isZero();
        assertThat(WordSimilarity.NONE.similarity("rating", "stars")).isZero();
    }

    @Test
    void aVectorNotCachedSaysSoWithoutAStackTrace() {
        WordSimilarity.NotCached notCached = new WordSimilarity.NotCached();

        assertThat(notCached).hasMessage("a text's vector is not cached");
        assertThat(notCached.getStackTrace()).isEmpty();
    }
}
