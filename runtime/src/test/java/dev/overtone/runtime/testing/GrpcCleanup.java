package dev.overtone.runtime.testing;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The servers and channels a test started, shut down after each test, channels first ({@code @RegisterExtension}): a
 * test hands each over as it starts it and needs no clean-up of its own.
 */
public final class GrpcCleanup implements AfterEachCallback {
    private final List<ManagedChannel> channels = new ArrayList<>();
    private final List<Server> servers = new ArrayList<>();

    /** {@code server}, shut down after the test. */
    public Server register(Server server) {
        servers.add(server);
        return server;
    }

    /** {@code channel}, shut down after the test, before the servers. */
    public ManagedChannel register(ManagedChannel channel) {
        channels.add(channel);
        return channel;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        channels.forEach(ManagedChannel::shutdownNow);
        servers.forEach(Server::shutdownNow);
        channels.clear();
        servers.clear();
    }
}
