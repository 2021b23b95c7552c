package dev.overtone.parser.service;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.runtime.embedding.CachedVectors;
import dev.overtone.runtime.embedding.MiniLm;
import dev.overtone.parser.analysis.CallWork;
import dev.overtone.parser.analysis.NameSimilarity;

import java.util.function.Supplier;

/**
 * Meaning-based closeness of names with the in-process MiniLM model (ships in its jar, no
 * download). The model is loaded on first use (at start, by the warm-up, unless it is off); vectors are cached per text, so a schema's names
 * are embedded once.
 */
public final class EmbeddingNameSimilarity implements NameSimilarity {

    private final CachedVectors vectors;

    public EmbeddingNameSimilarity(int maxCached) {
        this(MiniLm::load, maxCached);
    }

    EmbeddingNameSimilarity(Supplier<EmbeddingModel> loader, int maxCached) {
        this.vectors = new CachedVectors(loader, maxCached);
    }

    /** Checks the call's work time first ({@link CallWork}): a schema of thousands of names is compared name by name. */
    @Override
    public double semantic(String a, String b) {
        CallWork.check();
        if (a == null || b == null || a.isBlank() || b.isBlank()) return 0;
        return Math.max(0, CachedVectors.cosine(vectors.of(a), vectors.of(b)));
    }
}
