package dev.overtone.runtime.grpc;

import static dev.overtone.runtime.grpc.EchoMethods.ANALYZE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.replicas.StaticReplicas;
import dev.overtone.runtime.testing.FreePort;
import io.grpc.EquivalentAddressGroup;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The discovery the Kubernetes manifests rely on: a caller resolves a headless Service by DNS, and asks again only when
 * a connection goes away. A replica that closes its connections at {@link MaxConnectionAge} therefore lets its callers
 * find a replica that appeared after they connected. Here the "DNS" is a resolver whose record gains a second replica
 * after the caller connected, as a headless Service's record does once a new pod is ready.
 */
class MaxConnectionAgeTest {

    @RegisterExtension
    final ReplicaServers replicas = new ReplicaServers(ANALYZE);

    @Test
    void aCallerReachesAReplicaThatAppearedAfterItConnectedOnceItsConnectionAgesOut() throws Exception {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger added = new AtomicInteger();
        Server old = serve(first, new MaxConnectionAge(Optional.of(Duration.ofMillis(300)), Duration.ofSeconds(5)));
        Server fresh = serve(added, new MaxConnectionAge(Optional.of(Duration.ofMillis(300)), Duration.ofSeconds(5)));
        StaticReplicas dns = headlessService(address(old));
        replicas.connect(Replicas.channel(dns));
        replicas.call();

        dns.publish(List.of(address(old), address(fresh)));
        // every call must succeed (a failed one throws); the new replica is reached within the bound, or the test fails
        await("a call taken by the replica added after the caller connected").atMost(Duration.ofSeconds(15))
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5)).until(() -> {
                    replicas.call();
                    return added.get() > 0;
                });
    }

    @Test
    void withoutAnAgeTheCallerNeverAsksAgainAndStaysOnTheReplicasItFirstResolved() throws Exception {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger added = new AtomicInteger();
        Server old = serve(first, new MaxConnectionAge(Optional.empty(), Duration.ofSeconds(5)));
        Server fresh = serve(added, new MaxConnectionAge(Optional.empty(), Duration.ofSeconds(5)));
        StaticReplicas dns = headlessService(address(old));
        replicas.connect(Replicas.channel(dns));
        replicas.call();

        dns.publish(List.of(address(old), address(fresh)));
        for (int call = 0; call < 200; call++) {
            replicas.call();
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

    /** A headless Service's record, as a caller sees it: what {@code publish} last set, but only when the caller asks again. */
    private static StaticReplicas headlessService(EquivalentAddressGroup first) {
        return new StaticReplicas("parser-svc-headless", List.of(first));
    }

    private Server serve(AtomicInteger calls, MaxConnectionAge age) throws Exception {
        return replicas.serve(FreePort.take(), calls, age::apply);
    }

    private static EquivalentAddressGroup address(Server server) {
        return StaticReplicas.localhost(server.getPort());
    }
}
