package dev.overtone.runtime.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The model loaded once, on first use; each text embedded once while the cache has room; the cosine. */
class CachedVectorsTest {

    /** Embeds a text as (its length, 1): counts what it was asked. */
    private static final class CountingModel implements EmbeddingModel {
        final List<String> embedded = new ArrayList<>();

        @Override
        public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
            List<Embedding> out = new ArrayList<>();
            for (TextSegment s : segments) {
                embedded.add(s.text());
                out.add(Embedding.from(new float[] {s.text().length(), 1}));
            }
            return Response.from(out);
        }
    }

    @Test
    void theModelIsLoadedOnFirstUseAndEachTextEmbeddedOnce() {
        AtomicInteger loads = new AtomicInteger();
        CountingModel model = new CountingModel();
        CachedVectors vectors = new CachedVectors(() -> {
            loads.incrementAndGet();
            return model;
        }, 10);
        assertThat(loads).hasValue(0);

        assertThat(vectors.of("stars")).containsExactly(5, 1);
        assertThat(vectors.of("stars")).containsExactly(5, 1);
        vectors.of("score");

        assertThat(loads).hasValue(1);
        assertThat(model.embedded).containsExactly("stars", "score");
    }

    @Test
    void aFullCacheIsEmptiedSoATextIsEmbeddedAgain() {
        CountingModel model = new CountingModel();
        CachedVectors vectors = new CachedVectors(() -> model, 2);

        vectors.of("a");
        vectors.of("bb");
        vectors.of("ccc"); // the cache held two: emptied, then "ccc" kept
        vectors.of("a");

        assertThat(model.embedded).containsExactly("a", "bb", "ccc", "a");
    }

    @Test
    void aTextLongerThanTheCachedLengthIsEmbeddedEachTimeAndNeverKept() {
        CountingModel model = new CountingModel();
        CachedVectors vectors = new CachedVectors(() -> model, 10);
        String longest = "n".repeat(CachedVectors.MAX_CACHED_LENGTH);
        String tooLong = longest + "n";

        vectors.of(longest);
        vectors.of(longest);
        assertThat(vectors.of(tooLong)).containsExactly(tooLong.length(), 1);
        vectors.of(tooLong);

        assertThat(model.embedded).containsExactly(longest, tooLong, tooLong);
        assertThat(vectors.cached(longest)).isNotNull();
        assertThat(vectors.cached(tooLong)).isNull();
    }

    @Test
    void cosineIsOneForTheSameDirectionZeroForOrthogonalOrAllZeroVectors() {
        assertThat(CachedVectors.cosine(new float[] {1, 2}, new float[] {2, 4})).isCloseTo(1.0, within(1e-9));
        assertThat(CachedVectors.cosine(new float[] {1, 0}, new float[] {0, 3})).isZero();
        assertThat(CachedVectors.cosine(new float[] {1, 0}, new float[] {-1, 0})).isCloseTo(-1.0, within(1e-9));
        assertThat(CachedVectors.cosine(new float[] {0, 0}, new float[] {1, 1})).isZero();
    }
}
