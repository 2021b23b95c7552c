package dev.overtone.runtime.health;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.replicas.StaticReplicas;
import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.grpc.Replicas;
import dev.overtone.runtime.testing.FreePort;
import dev.overtone.runtime.testing.GrpcCleanup;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.stub.ClientCalls;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Client-side health checking against two real grpc-java servers (two replicas), each with a gRPC health service: a
 * replica that reports NOT_SERVING (still warming up) gets no call while the other serves, joins the rotation once it
 * reports SERVING, and leaves it again when it reports NOT_SERVING (a drain). The channel is built as the services'
 * clients are, with {@link HealthChecking}'s entry added to the shared service config.
 */
class HealthCheckingTest {

    @RegisterExtension
    final GrpcCleanup started = new GrpcCleanup();
    private final AtomicInteger cold = new AtomicInteger();
    private final AtomicInteger warm = new AtomicInteger();
    private final HealthStatusManager coldHealth = new HealthStatusManager();

    @Test
    void aReplicaGetsCallsOnlyWhileItReportsServing() throws Exception {
        coldHealth.setStatus("", ServingStatus.NOT_SERVING);
        int[] ports = {serve(cold, coldHealth), serve(warm, new HealthStatusManager())};
        ManagedChannel checking = channel(true, ports);

        for (int call = 0; call < 20; call++) {
            call(checking);
        }
        assertThat(cold.get()).as("calls the replica that is not serving yet took").isZero();
        assertThat(warm.get()).isEqualTo(20);

        coldHealth.setStatus("", ServingStatus.SERVING);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (cold.get() == 0 && System.nanoTime() < deadline) {
            call(checking);
        }
        assertThat(cold.get()).as("calls the replica took once it was serving").isPositive();

        coldHealth.setStatus("", ServingStatus.NOT_SERVING);
        int streak = 0;
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (streak < 20 && System.nanoTime() < deadline) {
            int before = cold.get();
            call(checking);
            streak = cold.get() == before ? streak + 1 : 0;
        }
        assertThat(streak).as("calls in a row that kept away from the replica once it was draining").isEqualTo(20);
    }

    @Test
    void withoutHealthCheckingTheReplicaThatIsNotServingGetsCalls() throws Exception {
        coldHealth.setStatus("", ServingStatus.NOT_SERVING);
        ManagedChannel plain = channel(false, serve(cold, coldHealth), serve(warm, new HealthStatusManager()));

        for (int call = 0; call < 20; call++) {
            call(plain);
        }

        assertThat(cold.get()).as("what health checking keeps away: round_robin alone sends the cold replica calls").isPositive();
    }

    private int serve(AtomicInteger calls, HealthStatusManager health) throws Exception {
        int port = FreePort.take();
        started.register(NettyServerBuilder.forAddress(new InetSocketAddress("localhost", port))
                .addService(EchoMethods.echo(EXECUTE, calls, 0)).addService(health.getHealthService()).build().start());
        return port;
    }

    private ManagedChannel channel(boolean healthChecking, int... ports) {
        return started.register(Replicas.channel(
                new StaticReplicas("executor", Arrays.stream(ports).mapToObj(StaticReplicas::localhost).toList()), healthChecking));
    }

    private static void call(ManagedChannel channel) {
        ClientCalls.blockingUnaryCall(channel, EXECUTE, CallOptions.DEFAULT.withWaitForReady().withDeadlineAfter(5, TimeUnit.SECONDS),
                new byte[] {1});
    }
}
