package dev.overtone.clarify.health;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.runtime.testing.WarmUpGate;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Alternative;

/** The real matcher whose warm-up waits until the test opens the gate, so "not ready yet" can be observed. */
@Alternative
@Singleton
public class GatedEmbeddingMatcher extends EmbeddingMatcher {

    static final WarmUpGate GATE = new WarmUpGate();

    public GatedEmbeddingMatcher(ClarifyConfig config) {
        super(config);
    }

    @Override
    public void warmUp() {
        GATE.pass();
        super.warmUp();
    }
}
