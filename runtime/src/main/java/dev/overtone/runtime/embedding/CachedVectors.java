package dev.overtone.runtime.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.runtime.BuiltOnce;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The vectors of texts from an embedding model that is loaded on first use (at start, by a service's warm-up,
 * unless it is off), cached per text up to a bound (a full cache is emptied, not evicted entry by entry: the
 * texts are a few schemas' names), and the cosine that compares them.
 */
public final class CachedVectors {

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
