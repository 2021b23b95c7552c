package dev.overtone.clarify.health;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.clarify.memory.MemoryWarmUp;
import jakarta.inject.Singleton;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.health.Readiness;

/**
 * "clarify-svc warm-up": not ready until the embedding model is loaded and has matched a reply once,
 * so the first free-text answer (and the first question's pivot term) is not slowed by loading it, and the memory
 * has answered one Recall ({@link MemoryWarmUp}), so the first interpreter-svc Recall is not the memory table's first query.
 */
@Readiness
@Singleton // not proxied: the base class has no no-args constructor
public class WarmUpReadiness extends dev.overtone.runtime.health.WarmUpReadiness {

    public static final String NAME = "clarify-svc warm-up";

    public WarmUpReadiness(ClarifyConfig config, EmbeddingMatcher embeddings, MemoryWarmUp memory) {
        super(NAME, () -> config.warmUp().enabled() && (embeddings.enabled() || config.memory().enabled()), () -> {
            // the two share nothing: the Recall's database round trips run while the model matches its reply
            CompletableFuture<Void> recall = config.memory().enabled()
                    ? CompletableFuture.runAsync(memory::warmUp) : CompletableFuture.completedFuture(null);
            if (embeddings.enabled()) {
                embeddings.warmUp();
            }
            try {
                recall.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        });
    }
}
