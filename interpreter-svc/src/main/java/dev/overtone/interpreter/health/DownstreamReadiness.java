package dev.overtone.interpreter.health;

import dev.overtone.runtime.grpc.Downstream;
import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import io.grpc.ConnectivityState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness with every downstream's channel state as data. Only executor-svc decides: when its
 * channel is in TRANSIENT_FAILURE no question can be answered at all. parser-svc, infill-svc and
 * clarify-svc down only degrade answers (warnings), so they are reported, not judged.
 */
@Readiness
@ApplicationScoped
public class DownstreamReadiness implements HealthCheck {
    @Inject
    Downstreams downstreams;
    @Inject
    InterpreterConfig config;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder b = HealthCheckResponse.named("downstream services").up();
        for (Downstream d : downstreams.all()) {
            ConnectivityState state = d.connectivity();
            b.withData(d.service(), d.address() + " " + (state == null ? "UNKNOWN" : state.name()));
            if (d == downstreams.executor() && state == ConnectivityState.TRANSIENT_FAILURE) {
                b.down();
            }
        }
        b.withData("llm", config.llm().baseUrl().map(u -> "configured " + u).orElse("not configured (caller SQL only)"));
        return b.build();
    }
}
