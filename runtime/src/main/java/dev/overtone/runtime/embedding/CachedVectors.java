package dev.overtone.runtime.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.runtime.BuiltOnce;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The vectors of texts from an embedding model that is loaded on first use (at start, by a service's warm-up,
 * unless it is off), cached per text up to a bound (a full cache is emptied, not evicted entry by entry: the
 * texts are a few schemas' names), and the cosine that compares them. Only texts of at most
 * {@link #MAX_CACHED_LENGTH} characters are cached, so the cache's size follows its bound whatever a caller names.
 */
public final class CachedVectors {
    /**
     * The longest text kept. The texts compared are names and words: PostgreSQL cuts an identifier at 63 bytes,
     * and the model reads at most 256 word pieces of a text. A caller may send names of any length, though (a
     * 4 MB request held 40 names of 90,000 characters), and a cache bounded by count alone kept them all: 62 such
     * requests made a 256 MB parser-svc exit. A longer text is embedded each time it is asked for.
     */
    public static final int MAX_CACHED_LENGTH = 256;

    private final BuiltOnce<EmbeddingModel> model;
    private final int maxCached;
    private final Map<String, float[]> cache = new ConcurrentHashMap<>();

    public CachedVectors(Supplier<EmbeddingModel> loader, int maxCached) {
        this.model = new BuiltOnce<>(loader);
        this.maxCached = maxCached;
    }

    public float[] of(String text) {
        float[] v = cache.get(text);
        if (v != null) {
            return v;
        }
        v = model().embed(text).content().vector();
        if (text.length() > MAX_CACHED_LENGTH) {
            return v;
        }
        if (cache.size() >= maxCached) {
            cache.clear();
        }
        cache.put(text, v);
        return v;
    }

    /** The text's vector when it is cached (no model run), else null. */
    public float[] cached(String text) {
        return cache.get(text);
    }

    /** The model, loaded by the first caller (the others wait for it). */
    public EmbeddingModel model() {
        return model.get();
    }

    /** The cosine of two vectors, 0 when either is all zeros. */
    public static double cosine(float[] x, float[] y) {
        double dot = 0, nx = 0, ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
        }
        return nx == 0 || ny == 0 ? 0 : dot / Math.sqrt(nx * ny);
    }
}
