package dev.overtone.bench.chaos;

import dev.overtone.replicas.StaticReplicas;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

/**
 * The bench's channel over every interpreter-svc replica, balanced per call by grpc-java's round_robin (the
 * services balance their own calls the same way, over Stork's static list; the bench has no Stork), health-checked: a
 * replica gets calls once its gRPC health service says SERVING, as a Kubernetes Service sends them only to ready pods.
 * Without it the bench sent Interprets to a restarted replica as soon as its port was open, seconds before its start
 * had ended (bench/README, "chaos", 2026-11-27).
 */
final class BalancedChannel {

    static final Map<String, Object> SERVICE_CONFIG = Map.of("loadBalancingConfig", List.of(Map.of("round_robin", Map.of())),
            "healthCheckConfig", Map.of("serviceName", ""));

    private BalancedChannel() {
    }

    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver, not a process-wide one
    static ManagedChannel over(List<InetSocketAddress> addresses, ClientInterceptor... interceptors) {
        StaticReplicas replicas = StaticReplicas.of("interpreter", addresses);
        return NettyChannelBuilder.forTarget(replicas.target()).nameResolverFactory(replicas).intercept(interceptors)
                .defaultServiceConfig(SERVICE_CONFIG).usePlaintext().maxInboundMessageSize(64 * 1024 * 1024).build();
    }
}
