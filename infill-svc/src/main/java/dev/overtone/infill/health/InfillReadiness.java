package dev.overtone.infill.health;

import dev.overtone.infill.client.ParserClient;
import dev.overtone.infill.config.InfillConfig;
import dev.overtone.infill.service.InfillCoordinator;
import io.grpc.ConnectivityState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness reports what infill depends on as data and stays UP: by contract Infill never fails
 * because a strategy's backend is down (it answers degraded), so taking the pod out of rotation
 * would only turn a degraded answer into none.
 */
@Readiness
@ApplicationScoped
public class InfillReadiness implements HealthCheck {
    @Inject
    ParserClient parser;
    @Inject
    InfillConfig config;
    @Inject
    InfillCoordinator coordinator;

    @Override
    public HealthCheckResponse call() {
        ConnectivityState state = parser.connectivity();
        return HealthCheckResponse.named("infill strategies").up()
                .withData("parser-svc", parser.address() + " " + (state == null ? "UNKNOWN" : state.name()))
                .withData("model", config.model().baseUrl().map(u -> "configured " + u + " model " + config.model().name())
                        .orElse("not configured (structural only)"))
                .withData("model circuit", coordinator.circuitState().name())
                .build();
    }
}
