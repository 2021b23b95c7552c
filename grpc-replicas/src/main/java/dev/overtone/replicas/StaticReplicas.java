package dev.overtone.replicas;

import io.grpc.EquivalentAddressGroup;
import io.grpc.NameResolver;
import io.grpc.NameResolverProvider;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.util.Collection;
import java.util.List;

/**
 * A record of replica addresses, as Stork's static list or a headless Service's DNS record gives them, resolved
 * for one channel: pass it to the channel builder's {@code nameResolverFactory} with {@link #target()} as the
 * target. {@link #publish} changes the record; as with DNS, a channel sees the change only when it resolves again
 * (when a connection goes away), never by being told.
 */
public final class StaticReplicas extends NameResolverProvider {

    private static final String SCHEME = "overtone-replicas";

    private final String authority;
    private volatile List<EquivalentAddressGroup> record;

    public StaticReplicas(String authority, List<EquivalentAddressGroup> record) {
        this.authority = authority;
        this.record = List.copyOf(record);
    }

    /** One address group per socket address: each replica a subchannel of its own. */
    public static StaticReplicas of(String authority, List<? extends SocketAddress> addresses) {
        return new StaticReplicas(authority, addresses.stream().map(EquivalentAddressGroup::new).toList());
    }

    public static EquivalentAddressGroup localhost(int port) {
        return new EquivalentAddressGroup(new InetSocketAddress("localhost", port));
    }

    /** The channel target this resolver answers for. */
    public String target() {
        return SCHEME + ":///" + authority;
    }

    /** The record a channel gets at its next resolution. */
    public void publish(List<EquivalentAddressGroup> addresses) {
        record = List.copyOf(addresses);
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
