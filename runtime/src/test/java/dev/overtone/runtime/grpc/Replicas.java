package dev.overtone.runtime.grpc;

import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.NameResolver;
import io.grpc.NameResolverProvider;
import io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** A fixed list of replica addresses, as Stork's static list gives them, and a channel balanced over them. */
public final class Replicas extends NameResolverProvider {
    private final List<EquivalentAddressGroup> groups;

    private Replicas(List<EquivalentAddressGroup> groups) {
        this.groups = groups;
    }

    /** A channel over the replicas on these localhost ports, built as Quarkus builds the services' clients (the resolver's own service config ignored). */
    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver, not a process-wide one
    public static ManagedChannel balancedChannel(int... ports) {
        List<EquivalentAddressGroup> groups = new ArrayList<>();
        for (int port : ports) {
            groups.add(new EquivalentAddressGroup(new InetSocketAddress("localhost", port)));
        }
        return NettyChannelBuilder.forTarget("replicas:///executor").nameResolverFactory(new Replicas(groups)).usePlaintext()
                .disableServiceConfigLookUp().defaultServiceConfig(ChannelServiceConfig.of(RetryPolicy.DEFAULT))
                .enableRetry().build();
    }

    @Override
    public NameResolver newNameResolver(URI target, NameResolver.Args args) {
        return new NameResolver() {
            @Override
            public String getServiceAuthority() {
                return "executor";
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
        return "replicas";
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
