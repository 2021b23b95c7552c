package dev.overtone.parser.health;

import dev.overtone.runtime.health.WarmUp;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.parser.service.WarmUpExample;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** "parser-svc warm-up": not ready until MiniLM is loaded and Analyze + Variants have run once. */
@Readiness
@ApplicationScoped
public class WarmUpReadiness implements HealthCheck {

    public static final String NAME = "parser-svc warm-up";

    private final WarmUp warmUp = new WarmUp(NAME);
    private final ParserConfig config;
    private final WarmUpExample example;

    public WarmUpReadiness(ParserConfig config, WarmUpExample example) {
        this.config = config;
        this.example = example;
    }

    void onStart(@Observes StartupEvent event) {
        if (config.warmUp().enabled()) {
            warmUp.start(example::run);
        } else {
            warmUp.disable();
        }
    }

    @Override
    public HealthCheckResponse call() {
        return warmUp.check();
    }
}
