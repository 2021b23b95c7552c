package dev.overtone.clarify.service;

import dev.overtone.clarify.mapping.EmbeddingMatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * A fork's pivot term ({@link PivotTerm}) with the embedding model; blocking, so callers run it on a worker thread, or
 * first try {@link #withoutModel} where they may not block.
 */
@ApplicationScoped
public class PivotTerms {
    private static final Logger LOG = Logger.getLogger(PivotTerms.class);

    @Inject
    EmbeddingMatcher embeddings;

    /**
     * The fork's pivot term; by words alone when the embedding model is off or fails (readiness shows why). Each
     * comparison by meaning first checks the call's {@code time}.
     */
    public String of(String question, DecisionVariable v, CallTime time) {
        if (!embeddings.enabled()) {
            return PivotTerm.of(question, v, WordSimilarity.NONE);
        }
        try {
            return PivotTerm.of(question, v, (a, b) -> {
                time.check();
                return embeddings.similarity(a, b);
            });
        } catch (ClarifyException e) {
            throw e; // the call's time is up: stop, rather than go on by words
        } catch (RuntimeException | LinkageError e) {
            LOG.warnf("the embedding model failed (%s); the question's pivot term is chosen by words only", e.toString());
            return PivotTerm.of(question, v, WordSimilarity.NONE);
        }
    }

    /**
     * The same pivot term without running the model (words alone, or the vectors already cached), for a caller that may
     * not block; {@link WordSimilarity.NotCached} when the model would have to run.
     */
    public String withoutModel(String question, DecisionVariable v) {
        return PivotTerm.of(question, v, embeddings.enabled() ? embeddings.cachedOnly() : WordSimilarity.NONE);
    }
}
