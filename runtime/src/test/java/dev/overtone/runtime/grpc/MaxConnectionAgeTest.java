package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.CallOptions;
import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The discovery the Kubernetes manifests rely on: a caller resolves a headless Service by DNS, and asks again only when
 * a connection goes away. A replica that closes its connections at {@link MaxConnectionAge} therefore lets its callers
 * find a replica that appeared after they connected. Here the "DNS" is a resolver whose record gains a second replica
 * after the caller connected, as a headless Service's record does once a new pod is ready.
 */
class MaxConnectionAgeTest {

    private static final MethodDescriptor<byte[], byte[]> PARSE = RetryPolicyTest.method("overtone.v1.ParserService", "Analyze");

    private final List<Server> servers = new ArrayList<>();
    private ManagedChannel channel;

    @AfterEach
    void stop() {
        if (channel != null) {
            channel.shutdownNow();
        }
        servers.forEach(Server::shutdownNow);
    }

    @Test
    void aCallerReachesAReplicaThatAppearedAfterItConnectedOnceItsConnectionAgesOut() throws Exception {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger added = new AtomicInteger();
        Server old = serve(first, new MaxConnectionAge(Optional.of(Duration.ofMillis(300)), Duration.ofSeconds(5)));
        Server fresh = serve(added, new MaxConnectionAge(Optional.of(Duration.ofMillis(300)), Duration.ofSeconds(5)));
        Replicas dns = headlessService(address(old));
        channel = dns.channel();
        call();

        dns.publish(List.of(address(old), address(fresh)));
        // every call must succeed (a failed one throws); the new replica is reached within the bound, or the test fails
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (added.get() == 0 && System.nanoTime() < deadline) {
            call();
        }

        assertThat(added.get()).as("calls the replica added after the caller connected took").isPositive();
    }

    @Test
    void withoutAnAgeTheCallerNeverAsksAgainAndStaysOnTheReplicasItFirstResolved() throws Exception {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger added = new AtomicInteger();
        Server old = serve(first, new MaxConnectionAge(Optional.empty(), Duration.ofSeconds(5)));
        Server fresh = serve(added, new MaxConnectionAge(Optional.empty(), Duration.ofSeconds(5)));
        Replicas dns = headlessService(address(old));
        channel = dns.channel();
        call();

        dns.publish(List.of(address(old), address(fresh)));
        for (int call = 0; call < 200; call++) {
            call();
        }

        assertThat(added.get()).as("calls the replica added after the caller connected took").isZero();
        assertThat(first.get()).isEqualTo(201);
    }

    @Test
    void unsetLeavesConnectionsWithoutAnAgeAndANonPositiveAgeIsRefused() {
        NettyServerBuilder builder = NettyServerBuilder.forPort(0);
        new MaxConnectionAge(Optional.empty(), Duration.ofSeconds(10)).apply(builder); // no age: nothing to set, no failure

        assertThatThrownBy(() -> new MaxConnectionAge(Optional.of(Duration.ZERO), Duration.ofSeconds(10)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overtone.grpc.server.max-connection-age is PT0S");
        assertThatThrownBy(() -> new MaxConnectionAge(Optional.of(Duration.ofSeconds(30)), Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overtone.grpc.server.max-connection-age-grace");
    }

    private void call() {
        ClientCalls.blockingUnaryCall(channel, PARSE, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), new byte[] {1});
    }

    /** A headless Service's record, as a caller sees it: what {@code publish} last set, but only when the caller asks again. */
    private static Replicas headlessService(EquivalentAddressGroup first) {
        return new Replicas("parser-svc-headless", List.of(first));
    }

    private Server serve(AtomicInteger calls, MaxConnectionAge age) throws Exception {
        ServerServiceDefinition service = ServerServiceDefinition.builder(PARSE.getServiceName())
                .addMethod(PARSE, ServerCalls.asyncUnaryCall((request, observer) -> {
                    calls.incrementAndGet();
                    observer.onNext(request);
                    observer.onCompleted();
                })).build();
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", RetryPolicyTest.freePort()));
        age.apply(builder);
        Server server = builder.addService(service).build().start();
        servers.add(server);
        return server;
    }

    private static EquivalentAddressGroup address(Server server) {
        return Replicas.localhost(server.getPort());
    }
}
