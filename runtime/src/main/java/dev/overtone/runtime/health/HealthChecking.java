package dev.overtone.runtime.health;

import java.util.Map;

/**
 * grpc-java's client-side health checking, as a part of a channel's service config: the balancer watches each
 * replica's gRPC health service (the default service, "") and sends calls only to the replicas that report SERVING,
 * so a replica that is still warming up ({@link WarmServing}) or draining ({@link Drain}) gets none. It takes effect
 * with {@code io.grpc:grpc-services} on the class path (its {@code round_robin} provider, which replaces grpc-core's,
 * does the checking); a replica without a health service (UNIMPLEMENTED) is taken as serving.
 */
public final class HealthChecking {

    private HealthChecking() {
    }

    /** The service config entry: {@code "healthCheckConfig": {"serviceName": ""}}. */
    public static Map<String, Object> serviceConfig() {
        return Map.of("healthCheckConfig", Map.of("serviceName", ""));
    }
}
