package dev.overtone.clarify.mapping;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.WordSimilarity;
import dev.overtone.runtime.embedding.CachedVectors;
import dev.overtone.runtime.embedding.MiniLm;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.OptionalInt;

/**
 * Free-text replies that no word matched, placed by meaning: the MiniLM sentence embedding of the
 * reply against each option's text. Loaded at start by the warm-up (or on first use when warm-up is
 * off; about a second, ~25 MB); blocking, so it runs on a worker thread.
 */
@ApplicationScoped
public class EmbeddingMatcher implements WordSimilarity {
    private static final int MAX_CACHED_WORDS = 10_000;

    private final ClarifyConfig config;
    /** Vectors of the short texts pivot terms compare (question words, column names); replies are not cached. */
    private final CachedVectors wordVectors = new CachedVectors(MiniLm::load, MAX_CACHED_WORDS);

    public EmbeddingMatcher(ClarifyConfig config) {
        this.config = config;
    }

    public boolean enabled() {
        return config.mapping().embedding().enabled();
    }

    /** The option whose text is closest, when close enough and clearly closer than the runner-up. */
    public OptionalInt closest(String reply, List<String> optionTexts) {
        EmbeddingModel m = wordVectors.model();
        float[] r = m.embed(reply).content().vector();
        double best = -2;
        double second = -2;
        int bestIndex = -1;
        for (int i = 0; i < optionTexts.size(); i++) {
            double s = CachedVectors.cosine(r, m.embed(optionTexts.get(i)).content().vector());
            if (s > best) {
                second = best;
                best = s;
                bestIndex = i;
            } else if (s > second) {
                second = s;
            }
        }
        ClarifyConfig.Mapping.Embedding cfg = config.mapping().embedding();
        if (bestIndex >= 0 && best >= cfg.minSimilarity() && best - second >= cfg.minMargin()) {
            return OptionalInt.of(bestIndex);
        }
        return OptionalInt.empty();
    }

    /** Cosine of two short texts (a question word and a column name or phrase), 0 when unrelated. */
    @Override
    public double similarity(String a, String b) {
        return Math.max(0, CachedVectors.cosine(wordVectors.of(a), wordVectors.of(b)));
    }

    /** The same cosine from cached vectors only, never running the model: {@link WordSimilarity.NotCached} on a miss. */
    public WordSimilarity cachedOnly() {
        return (a, b) -> Math.max(0, CachedVectors.cosine(cachedVector(a), cachedVector(b)));
    }

    private float[] cachedVector(String text) {
        float[] v = wordVectors.cached(text);
        if (v == null) {
            throw new WordSimilarity.NotCached();
        }
        return v;
    }

    /** Loads the model and runs one real match (a reply against two option texts). */
    public void warmUp() {
        closest("the stars", List.of("the hotel's star rating", "the average review score"));
    }
}
