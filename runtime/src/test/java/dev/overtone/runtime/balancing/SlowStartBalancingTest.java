package dev.overtone.runtime.balancing;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.replicas.StaticReplicas;
import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.health.HealthChecking;
import dev.overtone.runtime.testing.FreePort;
import io.grpc.CallOptions;
import io.grpc.LoadBalancerRegistry;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.stub.ClientCalls;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The slow-start balancer in a real channel over two real grpc-java servers (health-checked, as the services' channels
 * are), on a clock of the test's: a replica that comes back after an absence gets a small share of the calls, which
 * grows with its age and is half once its window is over; one back after a blip keeps its half.
 */
class SlowStartBalancingTest {

    private static final String POLICY = "test_slow_start";
    private static final AtomicLong NOW = new AtomicLong();
    private static final long WINDOW = TimeUnit.SECONDS.toNanos(10);

    static {
        LoadBalancerRegistry.getDefaultRegistry().register(new SlowStartLoadBalancerProvider(POLICY, NOW::get));
    }

    private final List<Server> servers = new ArrayList<>();
    private final AtomicInteger warm = new AtomicInteger();
    private final AtomicInteger restarted = new AtomicInteger();
    private ManagedChannel channel;

    @AfterEach
    void stop() {
        channel.shutdownNow();
        servers.forEach(Server::shutdownNow);
    }

    @Test
    void aReplicaBackFromARestartGetsAGrowingShareUntilItsWindowIsOver() throws Exception {
        int port = stopTheSecondOfTwoWarmReplicas();
        NOW.addAndGet(SlowStart.NEW_PROCESS_GAP.toNanos() + 1);

        comeBack(port);
        assertThat(shareOfRestarted(1000)).as("share of the replica that has just come back: weight 0.1 against 1")
                .isBetween(40, 160);
        NOW.addAndGet(WINDOW / 2);
        assertThat(shareOfRestarted(1000)).as("half way through its window: 0.5 against 1").isBetween(250, 420);
        NOW.addAndGet(WINDOW / 2);
        assertThat(shareOfRestarted(1000)).as("its window over: in turn").isBetween(499, 501);
    }

    @Test
    void replicasThatJoinTogetherShareEvenlyWithinAFewCalls() throws Exception {
        startBothUntilEachHasACall();

        assertThat(shareOfRestarted(60)).as("of 60 calls, both replicas young and of one age").isBetween(27, 33);
    }

    @Test
    void aReplicaThatIsNotServingYetGetsNoCallAndItsSlowStartBeginsWhenItServes() throws Exception {
        HealthStatusManager health = new HealthStatusManager();
        health.setStatus("", ServingStatus.NOT_SERVING);
        Server first = serve(FreePort.take(), warm);
        Server second = serve(FreePort.take(), restarted, health);
        channel = channel(first.getPort(), second.getPort());
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            call();
            return warm.get() > 0;
        });
        NOW.addAndGet(WINDOW * 2);
        assertThat(shareOfRestarted(200)).as("calls the replica that is not serving yet took").isZero();

        health.setStatus("", ServingStatus.SERVING);
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            call();
            return restarted.get() > 0;
        });
        assertThat(shareOfRestarted(1000)).as("share once serving, its slow start counted from then").isBetween(40, 160);
    }

    @Test
    void aReplicaBackAfterABlipKeepsItsShare() throws Exception {
        int port = stopTheSecondOfTwoWarmReplicas();

        comeBack(port);
        assertThat(shareOfRestarted(1000)).as("back within the gap: the same warm process reconnected").isBetween(499, 501);
    }

    /** Both replicas serving and past their window, then the second stopped and out of the rotation; returns its port. */
    private int stopTheSecondOfTwoWarmReplicas() throws Exception {
        Server second = startBothAndWarmUp();
        int port = second.getPort();
        second.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        callUntilOnlyTheWarmOneServes();
        return port;
    }

    /** Both replicas serving and past their window; returns the second. */
    private Server startBothAndWarmUp() throws Exception {
        Server second = startBothUntilEachHasACall();
        NOW.addAndGet(WINDOW * 2);
        return second;
    }

    /** Two replicas, serving, and calls until each has had one; returns the second. */
    private Server startBothUntilEachHasACall() throws Exception {
        Server first = serve(FreePort.take(), warm);
        Server second = serve(FreePort.take(), restarted);
        channel = channel(first.getPort(), second.getPort());
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            call();
            return warm.get() > 0 && restarted.get() > 0;
        });
        return second;
    }

    private void callUntilOnlyTheWarmOneServes() {
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> {
            int before = warm.get();
            call();
            return warm.get() == before + 1;
        });
    }

    private void comeBack(int port) throws Exception {
        serve(port, restarted);
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            int before = restarted.get();
            call();
            return restarted.get() > before;
        });
    }

    private int shareOfRestarted(int calls) {
        int before = restarted.get();
        for (int call = 0; call < calls; call++) {
            call();
        }
        return restarted.get() - before;
    }

    private Server serve(int port, AtomicInteger calls) throws Exception {
        return serve(port, calls, new HealthStatusManager());
    }

    private Server serve(int port, AtomicInteger calls, HealthStatusManager health) throws Exception {
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", port))
                .addService(EchoMethods.echo(EXECUTE, calls, 0)).addService(health.getHealthService()).build().start();
        servers.add(server);
        return server;
    }

    @SuppressWarnings("deprecation") // nameResolverFactory: this channel's own resolver
    private static ManagedChannel channel(int... ports) {
        StaticReplicas replicas = new StaticReplicas("executor",
                Arrays.stream(ports).mapToObj(StaticReplicas::localhost).toList());
        Map<String, Object> config = new HashMap<>(HealthChecking.serviceConfig());
        config.put("loadBalancingConfig", List.of(Map.of(POLICY, Map.of(SlowStartLoadBalancerProvider.WINDOW_MILLIS,
                (double) TimeUnit.NANOSECONDS.toMillis(WINDOW)))));
        return NettyChannelBuilder.forTarget(replicas.target()).nameResolverFactory(replicas).usePlaintext()
                .disableServiceConfigLookUp().defaultServiceConfig(config).build();
    }

    private void call() {
        ClientCalls.blockingUnaryCall(channel, EXECUTE, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), new byte[] {1});
    }
}
