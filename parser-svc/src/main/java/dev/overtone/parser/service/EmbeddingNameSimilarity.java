package dev.overtone.parser.service;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.runtime.embedding.MiniLm;
import dev.overtone.parser.analysis.NameSimilarity;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Meaning-based closeness of names with the in-process MiniLM model (ships in its jar, no
 * download). The model is loaded on first use (at start, by the warm-up, unless it is off); vectors are cached per text, so a schema's names
 * are embedded once.
 */
public final class EmbeddingNameSimilarity implements NameSimilarity {

    private final Supplier<EmbeddingModel> loader;
    private volatile EmbeddingModel model;
    private final Map<String, float[]> cache = new ConcurrentHashMap<>();
    private final int maxCached;

    public EmbeddingNameSimilarity(int maxCached) {
        this(MiniLm::load, maxCached);
    }

    EmbeddingNameSimilarity(Supplier<EmbeddingModel> loader, int maxCached) {
        this.loader = loader;
        this.maxCached = maxCached;
    }

    @Override
    public double semantic(String a, String b) {
        if (a == null || b == null || a.isBlank() || b.isBlank()) return 0;
        float[] x = vector(a);
        float[] y = vector(b);
        double dot = 0, nx = 0, ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
        }
        return nx == 0 || ny == 0 ? 0 : Math.max(0, dot / Math.sqrt(nx * ny));
    }

    private float[] vector(String text) {
        float[] v = cache.get(text);
        if (v != null) return v;
        v = model().embed(text).content().vector();
        if (cache.size() >= maxCached) cache.clear();
        cache.put(text, v);
        return v;
    }

    private EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) model = loader.get();
                m = model;
            }
        }
        return m;
    }
}
