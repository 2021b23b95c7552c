package dev.overtone.runtime.grpc;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The channel's service config against two real grpc-java servers (two replicas): calls alternate between them, a
 * replica that shuts down gracefully gets no new call and fails none, and one that comes back rejoins the rotation.
 * The channel is built as Quarkus builds the services' clients: the resolver's own service config ignored.
 */
class ChannelServiceConfigTest {

    @RegisterExtension
    final ReplicaServers replicas = new ReplicaServers(EXECUTE);

    @Test
    void callsAlternateBetweenTheReplicas() throws Exception {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        replicas.connect(balancedChannel(serve(a), serve(b)));
        // round robin picks among the replicas it is connected to: until the second connection is up (slow on a loaded
        // machine) every call goes to the first; counted from when both have answered
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
            replicas.call();
            return a.get() > 0 && b.get() > 0;
        });
        a.set(0);
        b.set(0);

        for (int call = 0; call < 40; call++) {
            replicas.call();
        }

        assertThat(a.get() + b.get()).isEqualTo(40);
        assertThat(a.get()).as("replica a's calls of 40 (b: %d)", b.get()).isBetween(15, 25);
    }

    @Test
    void aReplicaThatShutsDownGracefullyGetsNoNewCallAndFailsNone() throws Exception {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        Server first = serve(a);
        replicas.connect(balancedChannel(first, serve(b)));
        for (int call = 0; call < 10; call++) {
            replicas.call();
        }

        first.shutdown(); // GOAWAY to the channel, the port closed; streams the channel sent before it saw the GOAWAY are served
        for (int call = 0; call < 20; call++) {
            replicas.call(); // throws on a failed call
        }
        assertThat(first.awaitTermination(5, TimeUnit.SECONDS)).as("replica a let go by the channel").isTrue();
        int servedByA = a.get();
        for (int call = 0; call < 10; call++) {
            replicas.call();
        }

        assertThat(a.get()).as("calls replica a took after it had shut down").isEqualTo(servedByA);
    }

    @Test
    void aReplicaThatComesBackRejoinsTheRotation() throws Exception {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        Server first = serve(a);
        int port = first.getPort();
        replicas.connect(balancedChannel(first, serve(b)));
        replicas.call();
        first.shutdown().awaitTermination(5, TimeUnit.SECONDS);
        for (int call = 0; call < 5; call++) {
            replicas.call();
        }

        AtomicInteger again = new AtomicInteger();
        replicas.serve(port, again, builder -> { });
        // The channel reconnects after its backoff (1 s, then 1.6 times longer): call until the replica is back, at most 15 s.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (again.get() == 0 && System.nanoTime() < deadline) {
            replicas.call();
        }

        assertThat(again.get()).as("calls the replica that came back took").isPositive();
    }

    private Server serve(AtomicInteger calls) throws Exception {
        return replicas.serve(calls);
    }

    private static ManagedChannel balancedChannel(Server... replicas) {
        return Replicas.balancedChannel(Arrays.stream(replicas).mapToInt(Server::getPort).toArray());
    }
}
