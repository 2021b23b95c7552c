package dev.overtone.bench.chaos;

import io.grpc.ClientInterceptor;
import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.NameResolver;
import io.grpc.NameResolverProvider;
import io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.util.Collection;
import java.util.List;

/**
 * The bench's channel over every interpreter-svc replica, balanced per call by grpc-java's round_robin (the
 * services balance their own calls the same way, over Stork's static list; the bench has no Stork).
 */
final class BalancedChannel extends NameResolverProvider {

    private final List<EquivalentAddressGroup> groups;

    private BalancedChannel(List<InetSocketAddress> addresses) {
        this.groups = addresses.stream().map(EquivalentAddressGroup::new).toList();
    }

    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver, not a process-wide one
    static ManagedChannel over(List<InetSocketAddress> addresses, ClientInterceptor... interceptors) {
        return NettyChannelBuilder.forTarget("overtone-replicas:///interpreter").nameResolverFactory(new BalancedChannel(addresses))
                .intercept(interceptors).defaultLoadBalancingPolicy("round_robin").usePlaintext().maxInboundMessageSize(64 * 1024 * 1024).build();
    }

    @Override
    public NameResolver newNameResolver(URI target, NameResolver.Args args) {
        return new NameResolver() {
            @Override
            public String getServiceAuthority() {
                return "interpreter";
            }

            @Override
            public void start(Listener2 listener) {
                listener.onResult(ResolutionResult.newBuilder().setAddresses(groups).build());
            }

            @Override
            public void shutdown() {
            }
        };
    }

    @Override
    public String getDefaultScheme() {
        return "overtone-replicas";
    }

    @Override
    protected boolean isAvailable() {
        return true;
    }

    @Override
    protected int priority() {
        return 5;
    }

    @Override
    public Collection<Class<? extends SocketAddress>> getProducedSocketAddressTypes() {
        return List.of(InetSocketAddress.class);
    }
}
