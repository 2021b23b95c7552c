package dev.overtone.parser.health;

import dev.overtone.parser.config.ParserConfig;
import dev.overtone.parser.service.WarmUpExample;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.Readiness;

/** "parser-svc warm-up": not ready until MiniLM is loaded and Analyze + Variants have run once. */
@Readiness
@Singleton // not proxied: the base class has no no-args constructor
public class WarmUpReadiness extends dev.overtone.runtime.health.WarmUpReadiness {

    public static final String NAME = "parser-svc warm-up";

    public WarmUpReadiness(ParserConfig config, WarmUpExample example) {
        super(NAME, () -> config.warmUp().enabled(), example::run);
    }
}
