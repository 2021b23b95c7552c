package dev.overtone.cli;

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
 * A test client's channel over a fixed list of replicas, balanced per call by grpc-java's round_robin: what the
 * services get from Stork's static list, for a client outside them (the tests have no Stork).
 */
final class StaticReplicas extends NameResolverProvider {

    private static final String SCHEME = "overtone-replicas";
    private final List<EquivalentAddressGroup> groups;

    private StaticReplicas(List<InetSocketAddress> addresses) {
        this.groups = addresses.stream().map(EquivalentAddressGroup::new).toList();
    }

    @SuppressWarnings("deprecation") // nameResolverFactory: a per-channel resolver, not a process-wide registration
    static ManagedChannel channel(List<InetSocketAddress> addresses) {
        return NettyChannelBuilder.forTarget(SCHEME + ":///replicas").nameResolverFactory(new StaticReplicas(addresses))
                .defaultLoadBalancingPolicy("round_robin").usePlaintext().build();
    }

    @Override
    public NameResolver newNameResolver(URI target, NameResolver.Args args) {
        return new NameResolver() {
            @Override
            public String getServiceAuthority() {
                return "localhost";
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
        return SCHEME;
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
