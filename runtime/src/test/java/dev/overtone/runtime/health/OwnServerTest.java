package dev.overtone.runtime.health;

import static dev.overtone.runtime.grpc.EchoMethods.ANALYZE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.testing.FreePort;
import dev.overtone.runtime.testing.GrpcCleanup;
import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The channel a warm-up sends its example through, against a real grpc-java server on the port the configuration names:
 * a call waits for the server to open its port, and each call is bounded by {@link OwnServer#CALL_BOUND} or the
 * caller's sooner deadline.
 */
class OwnServerTest {
    /** What the server saw of the last call's deadline, in milliseconds left. */
    private final AtomicLong deadlineLeft = new AtomicLong(-1);
    private final int port = FreePort.take();
    @RegisterExtension
    final GrpcCleanup started = new GrpcCleanup();

    @Test
    void aCallSentBeforeTheServerListensWaitsForItAndIsAnswered() throws Exception {
        try (OwnServer own = connect(Map.of("quarkus.grpc.server.port", port, "quarkus.grpc.server.test-port", port))) {
            CompletableFuture<byte[]> answer;
            try (ServerSocket refusing = new ServerSocket(port, 50, InetAddress.getByName("localhost"))) {
                AtomicInteger refused = new AtomicInteger();
                Thread refuser = new Thread(() -> refuse(refusing, refused), "refuser");
                refuser.setDaemon(true);
                refuser.start();
                answer = CompletableFuture.supplyAsync(() -> call(own, CallOptions.DEFAULT));
                await().atMost(Duration.ofSeconds(10)).until(() -> refused.get() > 0);
            }
            assertThat(answer).as("still waiting after its first connection was refused").isNotDone();

            serve();

            assertThat(answer).succeedsWithin(Duration.ofSeconds(30)).isEqualTo(new byte[] {7});
        }
    }

    @Test
    void aCallWithoutADeadlineGetsTheBoundAndASoonerDeadlineOfTheCallerIsKept() throws Exception {
        serve();
        try (OwnServer own = connect(Map.of("quarkus.grpc.server.port", port, "quarkus.grpc.server.test-port", port))) {
            call(own, CallOptions.DEFAULT);
            assertThat(deadlineLeft.get()).as("left of a call without a deadline")
                    .isBetween(OwnServer.CALL_BOUND.toMillis() - 10_000, OwnServer.CALL_BOUND.toMillis());

            call(own, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS));
            assertThat(deadlineLeft.get()).as("left of a call the caller gave 5 s").isBetween(1L, 5_000L);

            call(own, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.MINUTES));
            assertThat(deadlineLeft.get()).as("left of a call the caller gave 10 min")
                    .isBetween(OwnServer.CALL_BOUND.toMillis() - 10_000, OwnServer.CALL_BOUND.toMillis());
        }
    }

    @Test
    void withoutAPortConfiguredTheWarmUpIsToldWhichSettingIsMissing() {
        assertThatThrownBy(() -> connect(Map.of())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("quarkus.grpc.server").hasMessageContaining("is not set");
    }

    /** Takes each connection and closes it at once, as a port with no gRPC server behind it would fail it. */
    private static void refuse(ServerSocket socket, AtomicInteger refused) {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                refused.incrementAndGet();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve() throws Exception {
        ServerServiceDefinition service = ServerServiceDefinition.builder(ANALYZE.getServiceName())
                .addMethod(ANALYZE, ServerCalls.asyncUnaryCall((request, observer) -> {
                    deadlineLeft.set(Context.current().getDeadline().timeRemaining(TimeUnit.MILLISECONDS));
                    observer.onNext(new byte[] {7});
                    observer.onCompleted();
                })).build();
        started.register(NettyServerBuilder.forAddress(new InetSocketAddress("localhost", port)).addService(service).build().start());
    }

    private static byte[] call(OwnServer own, CallOptions options) {
        return ClientCalls.blockingUnaryCall(own.channel(), ANALYZE, options, new byte[] {1});
    }

    /** {@link OwnServer#connect()} with {@code settings} as the whole configuration (its own, on a class loader of the test's). */
    private static OwnServer connect(Map<String, Integer> settings) {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        ClassLoader loader = new ClassLoader(previous) {
        };
        ConfigProviderResolver resolver = ConfigProviderResolver.instance();
        Map<String, String> values = new HashMap<>();
        settings.forEach((key, value) -> values.put(key, String.valueOf(value)));
        var config = new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(values, "test", 500)).build();
        resolver.registerConfig(config, loader);
        Thread.currentThread().setContextClassLoader(loader);
        try {
            return OwnServer.connect();
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
            resolver.releaseConfig(config);
        }
    }
}
