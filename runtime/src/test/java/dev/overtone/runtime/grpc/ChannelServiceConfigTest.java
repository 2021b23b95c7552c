package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The channel's service config against two real grpc-java servers (two replicas): calls alternate between them, a
 * replica that shuts down gracefully gets no new call and fails none, and one that comes back rejoins the rotation.
 * The channel is built as Quarkus builds the services' clients: the resolver's own service config ignored.
 */
class ChannelServiceConfigTest {

    private static final MethodDescriptor<byte[], byte[]> EXECUTE = RetryPolicyTest.method("overtone.v1.ExecutorService", "Execute");

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
    void callsAlternateBetweenTheReplicas() throws Exception {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        channel = balancedChannel(serve(a), serve(b));

        for (int call = 0; call < 40; call++) {
            call();
        }

        assertThat(a.get() + b.get()).isEqualTo(40);
        assertThat(a.get()).as("replica a's calls of 40 (b: %d)", b.get()).isBetween(15, 25);
    }

    @Test
    void aReplicaThatShutsDownGracefullyGetsNoNewCallAndFailsNone() throws Exception {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        Server first = serve(a);
        channel = balancedChannel(first, serve(b));
        for (int call = 0; call < 10; call++) {
            call();
        }

        first.shutdown(); // GOAWAY to the channel, the port closed; streams the channel sent before it saw the GOAWAY are served
        for (int call = 0; call < 20; call++) {
            call(); // throws on a failed call
        }
        assertThat(first.awaitTermination(5, TimeUnit.SECONDS)).as("replica a let go by the channel").isTrue();
        int servedByA = a.get();
        for (int call = 0; call < 10; call++) {
            call();
        }

        assertThat(a.get()).as("calls replica a took after it had shut down").isEqualTo(servedByA);
    }

    @Test
    void aReplicaThatComesBackRejoinsTheRotation() throws Exception {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        Server first = serve(a);
        int port = first.getPort();
        channel = balancedChannel(first, serve(b));
        call();
        first.shutdown().awaitTermination(5, TimeUnit.SECONDS);
        servers.remove(first);
        for (int call = 0; call < 5; call++) {
            call();
        }

        AtomicInteger again = new AtomicInteger();
        servers.add(RetryPolicyTest.serve(port, EXECUTE, again, 0));
        // The channel reconnects after its backoff (1 s, then 1.6 times longer): call until the replica is back, at most 15 s.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (again.get() == 0 && System.nanoTime() < deadline) {
            call();
        }

        assertThat(again.get()).as("calls the replica that came back took").isPositive();
    }

    private void call() {
        ClientCalls.blockingUnaryCall(channel, EXECUTE, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), new byte[] {1});
    }

    private Server serve(AtomicInteger calls) throws Exception {
        Server server = RetryPolicyTest.serve(RetryPolicyTest.freePort(), EXECUTE, calls, 0);
        servers.add(server);
        return server;
    }

    private static ManagedChannel balancedChannel(Server... replicas) {
        return Replicas.balancedChannel(Arrays.stream(replicas).mapToInt(Server::getPort).toArray());
    }
}
