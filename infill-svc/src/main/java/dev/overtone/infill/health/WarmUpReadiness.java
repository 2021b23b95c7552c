package dev.overtone.infill.health;

import dev.overtone.infill.config.InfillConfig;
import dev.overtone.infill.service.WarmUpExample;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.Readiness;

/**
 * "infill-svc warm-up": not ready until one Infill of a built-in example has gone through the gRPC
 * server and parser-svc (or parser-svc was not reached within the configured wait).
 */
@Readiness
@Singleton // not proxied: the base class has no no-args constructor
public class WarmUpReadiness extends dev.overtone.runtime.health.WarmUpReadiness {

    public static final String NAME = "infill-svc warm-up";

    public WarmUpReadiness(InfillConfig config, WarmUpExample example) {
        super(NAME, () -> config.warmUp().enabled(), example::run);
    }
}
