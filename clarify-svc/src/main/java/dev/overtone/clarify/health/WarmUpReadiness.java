package dev.overtone.clarify.health;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.clarify.memory.MemoryListener;
import dev.overtone.clarify.memory.MemoryWarmUp;
import jakarta.inject.Singleton;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * "clarify-svc warm-up": not ready until the embedding model is loaded and has matched a reply once,
 * so the first free-text answer (and the first question's pivot term) is not slowed by loading it, and the memory
 * has answered one Recall ({@link MemoryWarmUp}), so the first interpreter-svc Recall is not the memory table's first query,
 * and the memory listens to PostgreSQL ({@link MemoryListener}, bounded by {@code watch.listen-wait}), so the first
 * WatchMemory is not refused UNAVAILABLE.
 */
@Readiness
@Singleton // not proxied: the base class has no no-args constructor
public class WarmUpReadiness extends dev.overtone.runtime.health.WarmUpReadiness {
    private static final Logger LOG = Logger.getLogger(WarmUpReadiness.class);

    public static final String NAME = "clarify-svc warm-up";

    public WarmUpReadiness(ClarifyConfig config, EmbeddingMatcher embeddings, MemoryWarmUp memory, MemoryListener listener) {
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
            // connected at start beside the rest, so this is mostly a no-wait; bounded, so a LISTEN that fails is not a replica never ready
            if (!listener.awaitFirstListen(config.memory().watch().listenWait())) {
                LOG.warnf("memory: not listening to PostgreSQL after %s; ready anyway, watches refused until it listens",
                        config.memory().watch().listenWait());
            }
        });
    }
}
