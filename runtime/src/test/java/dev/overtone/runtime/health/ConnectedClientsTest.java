package dev.overtone.runtime.health;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.testing.FreePort;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.grpc.VertxServer;
import io.vertx.grpc.VertxServerBuilder;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client connections a real vertx-grpc server holds, counted by the filter {@link ConnectedClients} adds to its
 * builder: one per client channel that has connected, none once each has gone.
 */
class ConnectedClientsTest {
    private final Vertx vertx = Vertx.vertx();
    private final ConnectedClients connections = new ConnectedClients();
    private VertxServer server;
    private int port;

    @BeforeEach
    void serve() {
        port = FreePort.take();
        VertxServerBuilder builder = VertxServerBuilder.forAddress(vertx, "localhost", port)
                .addService(EchoMethods.echo(EXECUTE, new AtomicInteger(), 0));
        connections.customize(null, builder);
        server = builder.build();
        Promise<Void> started = Promise.promise();
        server.start(started);
        started.future().toCompletionStage().toCompletableFuture().join();
    }

    @AfterEach
    void stop() {
        Promise<Void> stopped = Promise.promise();
        server.shutdown(stopped);
        stopped.future().toCompletionStage().toCompletableFuture().join();
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void eachConnectedChannelIsCountedUntilItHasGone() {
        assertThat(connections.count()).as("before any client").isZero();

        ManagedChannel first = connectedChannel();
        ManagedChannel second = connectedChannel();
        await().atMost(Duration.ofSeconds(10)).until(() -> connections.count() == 2);

        first.shutdownNow();
        await().atMost(Duration.ofSeconds(10)).until(() -> connections.count() == 1);
        second.shutdownNow();
        await().atMost(Duration.ofSeconds(10)).until(() -> connections.count() == 0);
    }

    @Test
    void aChannelCountsOnceHoweverManyCallsItSends() {
        ManagedChannel channel = connectedChannel();
        for (int call = 0; call < 5; call++) {
            call(channel);
        }

        await().atMost(Duration.ofSeconds(10)).until(() -> connections.count() == 1);
        channel.shutdownNow();
        await().atMost(Duration.ofSeconds(10)).until(() -> connections.count() == 0);
    }

    private ManagedChannel connectedChannel() {
        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        call(channel);
        return channel;
    }

    private static void call(ManagedChannel channel) {
        ClientCalls.blockingUnaryCall(channel, EXECUTE, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), new byte[] {1});
    }
}
