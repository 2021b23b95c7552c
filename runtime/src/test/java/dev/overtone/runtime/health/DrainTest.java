package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.quarkus.grpc.runtime.health.GrpcHealthStorage;
import io.vertx.core.Vertx;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The drain on SIGTERM, by hand (no gRPC server to stop here): not ready and NOT_SERVING first, then a wait for the
 * calls and connections held, bounded; only the first drain does it.
 */
class DrainTest {
    private static final String SERVICE = "overtone.v1.ExecutorService";

    private final Vertx vertx = Vertx.vertx();
    private final InFlightCalls calls = new InFlightCalls();
    private final ConnectedClients connections = new ConnectedClients();
    private final GrpcHealthStorage health = new GrpcHealthStorage();

    @AfterEach
    void closeVertx() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    private Drain drain(Duration bound) {
        @SuppressWarnings("unchecked")
        Instance<GrpcHealthStorage> storage = (Instance<GrpcHealthStorage>) Proxy.newProxyInstance(
                DrainTest.class.getClassLoader(), new Class<?>[] {Instance.class}, (proxy, method, args) ->
                        switch (method.getName()) {
                            case "isResolvable" -> true;
                            case "get" -> health;
                            default -> throw new UnsupportedOperationException(method.getName());
                        });
        return new Drain(calls, connections, new GrpcServerStop(vertx, "no.grpc.Verticle"), storage, bound);
    }

    @Test
    void beforeADrainTheServiceIsReadyAndSaysWhatItHolds() {
        calls.changeBy(2);
        connections.changeBy(1);

        HealthCheckResponse ready = drain(Duration.ofSeconds(30)).call();

        assertThat(ready.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(ready.getData().orElseThrow()).containsEntry("state", "serving").containsEntry("calls-in-flight", 2L)
                .containsEntry("connections", 1L);
    }

    @Test
    void aDrainSaysNotReadyAndNotServingAtOnceThenWaitsForTheCallsAndConnectionsHeld() {
        health.setStatus(GrpcHealthStorage.DEFAULT_SERVICE_NAME, ServingStatus.SERVING);
        health.setStatus(SERVICE, ServingStatus.SERVING);
        calls.changeBy(1);
        connections.changeBy(1);
        Drain drain = drain(Duration.ofSeconds(30));

        CompletableFuture<Integer> drained = CompletableFuture.supplyAsync(drain::drain);
        await().atMost(Duration.ofSeconds(10)).until(drain::draining);

        assertThat(drain.call().getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
        assertThat(drain.call().getData().orElseThrow()).containsEntry("state", "draining: takes no new calls");
        assertThat(health.getStatuses()).containsEntry(SERVICE, ServingStatus.NOT_SERVING)
                .containsEntry(GrpcHealthStorage.DEFAULT_SERVICE_NAME, ServingStatus.NOT_SERVING);
        calls.changeBy(-1);
        connections.changeBy(-1);
        assertThat(drained).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(0);
    }

    @Test
    void callsStillHeldPastTheBoundAreCountedAndOnlyTheFirstDrainDrains() {
        calls.changeBy(2);
        Drain drain = drain(Duration.ofMillis(100));

        assertThat(drain.drain()).isEqualTo(2);

        health.setStatus(SERVICE, ServingStatus.SERVING);
        calls.changeBy(-1);
        assertThat(drain.drain()).isEqualTo(1);
        assertThat(health.getStatuses()).containsEntry(SERVICE, ServingStatus.SERVING);
    }
}
