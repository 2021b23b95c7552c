package dev.overtone.runtime.grpc;

import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.NameResolver;
import io.grpc.NameResolverProvider;
import io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A record of replica addresses, as Stork's static list or a headless Service's DNS record gives them, and a channel
 * balanced over them. {@link #publish} changes the record; as with DNS, a caller sees the change only when it resolves
 * again (when a connection goes away), never by being told.
 */
public final class Replicas extends NameResolverProvider {
    private static final String SCHEME = "replicas";

    private final String authority;
    private volatile List<EquivalentAddressGroup> record;

    public Replicas(String authority, List<EquivalentAddressGroup> record) {
        this.authority = authority;
        this.record = List.copyOf(record);
    }

    /** A channel over the replicas on these localhost ports. */
    public static ManagedChannel balancedChannel(int... ports) {
        return new Replicas("executor", Arrays.stream(ports).mapToObj(Replicas::localhost).toList()).channel();
    }

    public static EquivalentAddressGroup localhost(int port) {
        return new EquivalentAddressGroup(new InetSocketAddress("localhost", port));
    }

    /** The record a caller gets at its next resolution. */
    public void publish(List<EquivalentAddressGroup> addresses) {
        record = List.copyOf(addresses);
    }

    /** A channel built as Quarkus builds the services' clients: the resolver's own service config ignored, ours used. */
    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver, not a process-wide one
    public ManagedChannel channel() {
        return NettyChannelBuilder.forTarget(SCHEME + ":///" + authority).nameResolverFactory(this).usePlaintext()
                .disableServiceConfigLookUp().defaultServiceConfig(ChannelServiceConfig.of(RetryPolicy.DEFAULT))
                .enableRetry().build();
    }

    @Override
    public NameResolver newNameResolver(URI target, NameResolver.Args args) {
        return new NameResolver() {
            private Listener2 listener;

            @Override
            public String getServiceAuthority() {
                return authority;
            }

            @Override
            public void start(Listener2 listener) {
                this.listener = listener;
                refresh();
            }

            @Override
            public void refresh() {
                listener.onResult(ResolutionResult.newBuilder().setAddresses(record).build());
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
