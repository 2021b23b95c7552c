package dev.overtone.cli;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerServiceDefinition;
import java.io.IOException;

/**
 * A stand-in for a suite service a command calls: the given definitions (not {@code *ImplBase} classes) served over
 * real gRPC on a free port, and a channel to them.
 */
final class StandInService implements AutoCloseable {
    private final Server server;
    private final ManagedChannel channel;

    private StandInService(Server server) {
        this.server = server;
        this.channel = ManagedChannelBuilder.forAddress("localhost", server.getPort()).usePlaintext().build();
    }

    static StandInService serving(ServerServiceDefinition... services) throws IOException {
        ServerBuilder<?> builder = ServerBuilder.forPort(0);
        for (ServerServiceDefinition service : services) {
            builder.addService(service);
        }
        return new StandInService(builder.build().start());
    }

    int port() {
        return server.getPort();
    }

    ManagedChannel channel() {
        return channel;
    }

    @Override
    public void close() {
        channel.shutdownNow();
        server.shutdownNow();
    }
}
