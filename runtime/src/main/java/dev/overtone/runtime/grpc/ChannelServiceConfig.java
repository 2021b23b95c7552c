package dev.overtone.runtime.grpc;

import dev.overtone.runtime.balancing.SlowStart;
import dev.overtone.runtime.balancing.SlowStartLoadBalancerProvider;
import dev.overtone.runtime.health.HealthChecking;

import java.time.Duration;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The gRPC service config every client channel gets: grpc-java's {@code round_robin} load balancer (each
 * call goes to the next READY replica of all that discovery names; a replica that goes away, or sends GOAWAY
 * while it drains, leaves the rotation, and one that comes back is reconnected and rejoins it) and the retry
 * policy of the idempotent calls ({@link RetryPolicy}), so that a retry goes to another replica, and client-side
 * health checking ({@link HealthChecking}), so that a replica still warming up or draining gets no call.
 * <p>
 * The balancer is named here, in the service config, rather than by Quarkus's
 * {@code quarkus.grpc.clients.NAME.load-balancing-policy}: with Stork discovery Quarkus installs Stork's own
 * gRPC balancer (through a service config its name resolver sends), which never asks a replica whose connection
 * went IDLE to reconnect (a replica that drained and came back stayed out of the rotation). {@link RetryingChannels}
 * makes the channel ignore the resolver's service config and take this one.
 */
public final class ChannelServiceConfig {

    private ChannelServiceConfig() {
    }

    /** The service config as the map grpc-java takes, with health checking. */
    public static Map<String, Object> of(RetryPolicy retry) {
        return of(retry, true);
    }

    /** The service config as the map grpc-java takes; {@code healthChecked} false leaves client-side health checking out. */
    public static Map<String, Object> of(RetryPolicy retry, boolean healthChecked) {
        return of(retry, healthChecked, Duration.ZERO);
    }

    /**
     * As {@link #of(RetryPolicy, boolean)}, with a slow start of {@code slowStart} for a replica that has just joined
     * the rotation ({@link SlowStartLoadBalancerProvider}); zero is plain {@code round_robin}.
     */
    public static Map<String, Object> of(RetryPolicy retry, boolean healthChecked, Duration slowStart) {
        return of(retry, healthChecked, new SlowStart(slowStart));
    }

    /** As {@link #of(RetryPolicy, boolean, Duration)}, with or without the cap on the calls a young replica holds. */
    public static Map<String, Object> of(RetryPolicy retry, boolean healthChecked, SlowStart slowStart) {
        Map<String, Object> config = new HashMap<>(retry.serviceConfig());
        Map<String, Object> roundRobin = Map.of("round_robin", Map.of());
        if (!slowStart.enabled()) {
            config.put("loadBalancingConfig", List.of(roundRobin));
        } else {
            SlowStartLoadBalancerProvider.register();
            config.put("loadBalancingConfig", List.of(SlowStartLoadBalancerProvider.config(slowStart), roundRobin));
        }
        if (healthChecked) {
            config.putAll(HealthChecking.serviceConfig());
        }
        return Map.copyOf(config);
    }
}
