package dev.overtone.runtime.grpc;

import dev.overtone.replicas.StaticReplicas;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.util.Arrays;

/** Channels over replica addresses ({@link StaticReplicas}), built as Quarkus builds the services' clients. */
public final class Replicas {

    private Replicas() {
    }

    /** A channel over the replicas on these localhost ports. */
    public static ManagedChannel balancedChannel(int... ports) {
        return channel(new StaticReplicas("executor", Arrays.stream(ports).mapToObj(StaticReplicas::localhost).toList()));
    }

    /** A channel built as Quarkus builds the services' clients: the resolver's own service config ignored, ours used. */
    public static ManagedChannel channel(StaticReplicas replicas) {
        return channel(replicas, true);
    }

    /** As {@link #channel(StaticReplicas)}, with client-side health checking on or off. */
    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver, not a process-wide one
    public static ManagedChannel channel(StaticReplicas replicas, boolean healthChecked) {
        return NettyChannelBuilder.forTarget(replicas.target()).nameResolverFactory(replicas).usePlaintext()
                .disableServiceConfigLookUp().defaultServiceConfig(ChannelServiceConfig.of(RetryPolicy.DEFAULT, healthChecked))
                .enableRetry().build();
    }
}
