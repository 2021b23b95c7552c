package dev.overtone.clarify.health;

import dev.overtone.runtime.health.WarmUp;
import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * "clarify-svc warm-up": not ready until the embedding model is loaded and has matched a reply once,
 * so the first free-text answer (and the first question's pivot term) is not slowed by loading it.
 */
@Readiness
@ApplicationScoped
public class WarmUpReadiness implements HealthCheck {

    public static final String NAME = "clarify-svc warm-up";

    private final WarmUp warmUp = new WarmUp(NAME);
    private final ClarifyConfig config;
    private final EmbeddingMatcher embeddings;

    public WarmUpReadiness(ClarifyConfig config, EmbeddingMatcher embeddings) {
        this.config = config;
        this.embeddings = embeddings;
    }

    void onStart(@Observes StartupEvent event) {
        if (config.warmUp().enabled() && embeddings.enabled()) {
            warmUp.start(embeddings::warmUp);
        } else {
            warmUp.disable();
        }
    }

    @Override
    public HealthCheckResponse call() {
        return warmUp.check();
    }
}
