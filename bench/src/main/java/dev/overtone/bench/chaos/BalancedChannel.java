package dev.overtone.bench.chaos;

import dev.overtone.replicas.StaticReplicas;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The bench's channel over every interpreter-svc replica, balanced per call by grpc-java's round_robin (the
 * services balance their own calls the same way, over Stork's static list; the bench has no Stork).
 */
final class BalancedChannel {

    private BalancedChannel() {
    }

    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver, not a process-wide one
    static ManagedChannel over(List<InetSocketAddress> addresses, ClientInterceptor... interceptors) {
        StaticReplicas replicas = StaticReplicas.of("interpreter", addresses);
        return NettyChannelBuilder.forTarget(replicas.target()).nameResolverFactory(replicas).intercept(interceptors)
                .defaultLoadBalancingPolicy("round_robin").usePlaintext().maxInboundMessageSize(64 * 1024 * 1024).build();
    }
}
