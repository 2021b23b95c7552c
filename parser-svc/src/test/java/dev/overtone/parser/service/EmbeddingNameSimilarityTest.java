package dev.overtone.parser.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import dev.overtone.parser.analysis.CallWork;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Closeness of names by meaning: with the real MiniLM, names of one meaning are closer than unrelated ones; a blank
 * name is 0 without loading a model, and names pointing away from each other are 0, never negative.
 */
class EmbeddingNameSimilarityTest {

    /** Embeds "up" as (1, 0) and anything else as (-1, 0): two texts that point away from each other. */
    private static final EmbeddingModel OPPOSITES = new EmbeddingModel() {
        @Override
        public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
            return Response.from(segments.stream()
                    .map(s -> Embedding.from(new float[] {s.text().equals("up") ? 1 : -1, 0})).toList());
        }
    };

    @Test
    void namesOfOneMeaningAreCloserThanUnrelatedNames() {
        EmbeddingNameSimilarity similarity = new EmbeddingNameSimilarity(100);

        double synonyms = similarity.semantic("rating", "score");
        double unrelated = similarity.semantic("rating", "city");

        assertThat(synonyms).isGreaterThan(unrelated);
        assertThat(similarity.semantic("star rating", "star rating")).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(List.of(synonyms, unrelated)).allSatisfy(s -> assertThat(s).isBetween(0.0, 1.0));
    }

    @Test
    void aBlankNameIsZeroWithoutLoadingAModel() {
        EmbeddingNameSimilarity similarity = new EmbeddingNameSimilarity(() -> {
            throw new AssertionError("the model was loaded for a blank name");
        }, 10);

        assertThat(similarity.semantic("", "score")).isZero();
        assertThat(similarity.semantic("rating", " ")).isZero();
        assertThat(similarity.semantic(null, "score")).isZero();
    }

    /** A large schema's names are compared one pair at a time before anything is parsed: each comparison checks the time. */
    @Test
    void aCallOutOfTimeStopsAtItsNextComparisonWithoutRunningTheModel() {
        EmbeddingNameSimilarity similarity = new EmbeddingNameSimilarity(() -> {
            throw new AssertionError("the model ran for a call out of time");
        }, 10);

        assertThatThrownBy(() -> CallWork.within(Duration.ZERO, () -> similarity.semantic("rating", "score")))
                .isInstanceOf(CallWork.OutOfTime.class).hasMessageContaining("overtone.parser.limits.work-time");
    }

    @Test
    void namesPointingAwayFromEachOtherAreZeroNotNegative() {
        EmbeddingNameSimilarity similarity = new EmbeddingNameSimilarity(() -> OPPOSITES, 10);

        assertThat(similarity.semantic("up", "down")).isZero();
        assertThat(similarity.semantic("up", "up")).isEqualTo(1.0);
    }
}
