package dev.overtone.runtime.metrics;

import dev.overtone.runtime.health.InFlightCalls;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Exports {@link InFlightCalls} as the gauge {@code overtone_grpc_calls_in_flight} on {@code /q/metrics}: the gRPC calls
 * this replica is serving now. It is the per-pod load the Kubernetes HorizontalPodAutoscalers scale on (through
 * prometheus-adapter; k8s/README, "Scaling and availability"): unlike CPU it counts calls that wait on a downstream
 * service, a database or a model, which is most of an interpreter-svc call's time.
 */
@Singleton
public class CallsInFlightGauge {

    /** Micrometer's name; Prometheus sees {@code overtone_grpc_calls_in_flight}. */
    public static final String NAME = "overtone.grpc.calls.in.flight";

    void register(@Observes StartupEvent event, MeterRegistry registry, InFlightCalls calls) {
        Gauge.builder(NAME, calls, InFlightCalls::count)
                .description("gRPC calls this replica is serving now (arrived, not yet answered or cancelled)")
                .strongReference(true)
                .register(registry);
    }
}
