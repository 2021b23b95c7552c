package dev.overtone.runtime.grpc;

import dev.overtone.runtime.balancing.SlowStart;
import io.grpc.netty.NettyChannelBuilder;
import io.quarkus.arc.Unremovable;
import io.quarkus.grpc.api.ChannelBuilderCustomizer;
import io.quarkus.grpc.runtime.config.GrpcClientConfiguration;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Map;

/**
 * Gives every gRPC client channel of a service its service config ({@link ChannelServiceConfig}): per-call
 * round-robin balancing over the replicas discovery names, and the retry policy of idempotent calls. Quarkus
 * applies the returned map as the channel's default service config; {@code quarkus.grpc.clients.NAME.retry=true}
 * must be set for the channel to honour the retries (each service's application.properties does). Service config
 * from the name resolver is ignored ({@code disableServiceConfigLookUp}): Stork's resolver would replace this one.
 */
@Singleton
@Unremovable
public class RetryingChannels implements ChannelBuilderCustomizer<NettyChannelBuilder> {

    /**
     * Off only where a service's tests serve fakes of its downstreams from its own gRPC server: that server says
     * NOT_SERVING while the service warms up, so a health-checked call from the warm-up to a fake would never start.
     */
    @ConfigProperty(name = "overtone.grpc.health-checking", defaultValue = "true")
    boolean healthChecking;

    /**
     * How long a replica that has just joined a caller's rotation takes to get its full share of calls (slow start,
     * {@code SlowStart}); 0s is plain round_robin.
     */
    @ConfigProperty(name = "overtone.grpc.slow-start", defaultValue = "10s")
    Duration slowStart;

    /**
     * Whether a replica in its slow start holds at most its weight's share of the calls open on all replicas, plus one
     * ({@code SlowStartPicker}): its first calls are slow, and more sent to it would wait there. Off by default: on two
     * shared cores it did not lower p99 during events (README, "Replicas, balancing and drain", round 6).
     */
    @ConfigProperty(name = "overtone.grpc.slow-start-cap", defaultValue = "false")
    boolean slowStartCap;

    @Override
    public Map<String, Object> customize(String name, GrpcClientConfiguration config, NettyChannelBuilder builder) {
        // Quarkus's Stork name resolver hands the channel a service config of its own (Stork's balancer, nothing
        // else), which would replace this one: the retries would be lost and a drained replica never chosen again.
        // The channel takes only this one; the addresses still come from Stork.
        builder.disableServiceConfigLookUp();
        return ChannelServiceConfig.of(RetryPolicy.DEFAULT, healthChecking, new SlowStart(slowStart, slowStartCap));
    }
}
