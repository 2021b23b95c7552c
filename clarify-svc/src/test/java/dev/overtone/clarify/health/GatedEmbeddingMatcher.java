package dev.overtone.clarify.health;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The real matcher whose warm-up waits until the test opens the gate, so "not ready yet" can be observed. */
@Alternative
@Singleton
public class GatedEmbeddingMatcher extends EmbeddingMatcher {

    static final CountDownLatch GATE = new CountDownLatch(1);

    public GatedEmbeddingMatcher(ClarifyConfig config) {
        super(config);
    }

    @Override
    public void warmUp() {
        try {
            if (!GATE.await(2, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the test never opened the warm-up gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the warm-up gate");
        }
        super.warmUp();
    }
}
