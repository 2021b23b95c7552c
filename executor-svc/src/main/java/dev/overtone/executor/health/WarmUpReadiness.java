package dev.overtone.executor.health;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.Readiness;

/** "executor-svc warm-up": not ready until the statement path has run its example ({@link WarmUpExample}). */
@Readiness
@Singleton // not proxied: the base class has no no-args constructor
public class WarmUpReadiness extends dev.overtone.runtime.health.WarmUpReadiness {

    public static final String NAME = "executor-svc warm-up";

    public WarmUpReadiness(WarmUpConfig config, WarmUpExample example) {
        super(NAME, config::enabled, example::run);
    }
}
