package dev.overtone.runtime.grpc;

import dev.overtone.runtime.testing.FreePort;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Replicas of one method on real grpc-java servers, each echoing and counting its calls, and the channel a test
 * calls them over; all shut down after each test ({@code @RegisterExtension}).
 */
final class ReplicaServers implements AfterEachCallback {

    private final MethodDescriptor<byte[], byte[]> method;
    private final List<Server> servers = new ArrayList<>();
    private ManagedChannel channel;

    ReplicaServers(MethodDescriptor<byte[], byte[]> method) {
        this.method = method;
    }

    Server serve(AtomicInteger calls) throws IOException {
        return serve(FreePort.take(), calls, builder -> { });
    }

    /** A replica on {@code port}, its server builder set up by {@code configure} before it starts. */
    Server serve(int port, AtomicInteger calls, Consumer<NettyServerBuilder> configure) throws IOException {
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", port));
        configure.accept(builder);
        Server server = builder.addService(EchoMethods.echo(method, calls, 0)).build().start();
        servers.add(server);
        return server;
    }

    void connect(ManagedChannel channel) {
        this.channel = channel;
    }

    /** One call over the channel; it throws if the call fails. */
    void call() {
        ClientCalls.blockingUnaryCall(channel, method, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), new byte[] {1});
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (channel != null) {
            channel.shutdownNow();
        }
        servers.forEach(Server::shutdownNow);
        servers.clear();
    }
}
