package dev.overtone.clarify.health;

import dev.overtone.runtime.embedding.MiniLm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Starts loading MiniLM as soon as the CDI container is up, early in Quarkus's start, so that the load runs beside
 * Flyway, Hibernate and the gRPC server's start instead of after them: the warm-up ({@link WarmUpReadiness}) begins
 * only at the start's end, and then finds the model loaded ({@link MiniLm#preload()}). Only when the warm-up will run.
 */
@Singleton
public class EarlyEmbeddings {

    static final String WARM_UP = "overtone.clarify.warm-up.enabled";
    static final String EMBEDDING = "overtone.clarify.mapping.embedding.enabled";

    void onContainerUp(@Observes @Initialized(ApplicationScoped.class) Object event) {
        Config config = ConfigProvider.getConfig();
        if (config.getOptionalValue(WARM_UP, Boolean.class).orElse(true) && config.getOptionalValue(EMBEDDING, Boolean.class).orElse(true)) {
            MiniLm.preload();
        }
    }
}
