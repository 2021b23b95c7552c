package dev.overtone.runtime.health;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.grpc.Replicas;
import dev.overtone.runtime.testing.FreePort;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.grpc.VertxServer;
import io.vertx.grpc.VertxServerBuilder;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How a replica's gRPC server stops while a client sends it calls, on the server Quarkus runs: vertx-grpc's
 * {@code VertxServer} in a verticle ({@link ServerVerticle} holds it as Quarkus's verticle does), each replica in a
 * Vert.x of its own whose one worker thread is kept busy while the server stops, as a loaded service's workers are.
 * The client is a channel configured as the services' (round_robin over both replicas, the retry policy).
 */
class GrpcServerStopTest {

    private static final Duration BOUND = Duration.ofSeconds(10);

    private final List<Vertx> vertxes = new ArrayList<>();
    private final List<CountDownLatch> busyWorkers = new ArrayList<>();
    private ManagedChannel channel;

    @AfterEach
    void stop() throws Exception {
        busyWorkers.forEach(CountDownLatch::countDown);
        if (channel != null) {
            channel.shutdownNow();
        }
        for (Vertx vertx : vertxes) {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /**
     * The cause of the "RST_STREAM closed stream" resets seen in rolling restarts: stopping the verticle (what
     * Quarkus does, and what this service's drain did) takes the verticle's context out of the server's executor
     * before the server sends GOAWAY, from a worker thread; a call that arrives in between is reset with INTERNAL,
     * which the retry policy (UNAVAILABLE and UNKNOWN) rightly does not repeat: the server had taken the call.
     */
    @Test
    void stoppingTheVerticleResetsACallThatArrivesBeforeTheServerHasStopped() throws Exception {
        Replica replica = replica(new AtomicInteger());
        channel = Replicas.balancedChannel(replica.port());
        call();
        keepWorkerBusy(replica.vertx());

        replica.vertx().undeploy(replica.deployment()); // completes only once the busy worker has shut the server down

        StatusRuntimeException reset = null;
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (reset == null && System.nanoTime() < deadline) {
            try {
                call();
            } catch (StatusRuntimeException e) {
                reset = e;
            }
        }
        assertThat(reset).as("a call failed while the verticle stopped").isNotNull();
        assertThat(reset.getStatus().getCode()).as(reset.toString()).isEqualTo(Status.Code.INTERNAL);
        // The stream is reset ("RST_STREAM closed stream"), or, when the channel's health-check stream meets the
        // half-stopped server first, the whole connection goes with an INTERNAL_ERROR GOAWAY: the same cause either way.
        assertThat(reset.getStatus().getDescription()).containsAnyOf("RST_STREAM closed stream", "HTTP/2 error code: INTERNAL_ERROR");
    }

    @Test
    void aServerStoppedGracefullyUnderLoadFailsNoCallAndTakesNoNewOne() throws Exception {
        AtomicInteger servedByA = new AtomicInteger();
        AtomicInteger servedByB = new AtomicInteger();
        Replica a = replica(servedByA);
        Replica b = replica(servedByB);
        channel = Replicas.balancedChannel(a.port(), b.port());
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean stopCalling = new AtomicBoolean();
        ExecutorService callers = Executors.newFixedThreadPool(4);
        for (int caller = 0; caller < 4; caller++) {
            callers.submit(() -> {
                while (!stopCalling.get()) {
                    try {
                        call();
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                }
            });
        }
        try {
            await(() -> servedByA.get() >= 50 && servedByB.get() >= 50, "both replicas serving");
            keepWorkerBusy(a.vertx());

            GrpcServerStop stop = new GrpcServerStop(a.vertx(), ServerVerticle.class.getName());
            assertThat(stop.stopAccepting()).as("replica a's server found").isTrue();
            assertThat(stop.awaitTermination(BOUND)).as("every connection to replica a closed (failed calls: %s)", failures).isTrue();
            int servedBeforeStop = servedByA.get();
            int servedByBBefore = servedByB.get();
            await(() -> servedByB.get() >= servedByBBefore + 200, "replica b serving the calls alone");

            assertThat(servedByA.get()).as("calls replica a took after it had stopped").isEqualTo(servedBeforeStop);
            busyWorkers.forEach(CountDownLatch::countDown);
            // Quarkus stops the verticle at exit: now no connection is left to dispatch a call through it.
            a.vertx().undeploy(a.deployment()).toCompletionStage().toCompletableFuture().get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            stopCalling.set(true);
            callers.shutdown();
            assertThat(callers.awaitTermination(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        }
        assertThat(failures).as("failed calls while replica a stopped").isEmpty();
    }

    /** GrpcServerStop reads the server from Quarkus's own verticle; a quarkus-grpc upgrade that moves it fails here. */
    @Test
    void quarkusGrpcVerticleHoldsItsServerWhereGrpcServerStopReadsIt() throws Exception {
        Field field = Class.forName(GrpcServerStop.SERVER_VERTICLE).getDeclaredField(GrpcServerStop.SERVER_FIELD);

        assertThat(Server.class).isAssignableFrom(field.getType());
    }

    private void call() {
        ClientCalls.blockingUnaryCall(channel, EXECUTE, CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), new byte[] {1});
    }

    private record Replica(Vertx vertx, String deployment, int port) {
    }

    /** A replica in a Vert.x of its own with one worker thread, its server in a {@link ServerVerticle}. */
    private Replica replica(AtomicInteger served) throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setWorkerPoolSize(1));
        vertxes.add(vertx);
        int port = FreePort.take();
        String id = vertx.deployVerticle(new ServerVerticle(port, served)).toCompletionStage().toCompletableFuture()
                .get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        return new Replica(vertx, id, port);
    }

    /** Occupies the Vert.x's only worker thread until the test ends (or releases it). */
    private void keepWorkerBusy(Vertx vertx) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch busy = new CountDownLatch(1);
        busyWorkers.add(release);
        vertx.executeBlocking(() -> {
            busy.countDown();
            return release.await(30, TimeUnit.SECONDS);
        }, false);
        assertThat(busy.await(BOUND.toMillis(), TimeUnit.MILLISECONDS)).as("the worker thread taken").isTrue();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited %s for %s", BOUND, what).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /**
     * Holds a vertx-grpc server as Quarkus's {@code GrpcServerRecorder$GrpcServerVerticle} does: built and started in
     * {@code start}, in a field named {@code grpcServer}, shut down through {@code VertxServer.shutdown} in {@code stop}.
     */
    static final class ServerVerticle extends AbstractVerticle {
        private final int port;
        private final AtomicInteger served;
        private Server grpcServer;

        ServerVerticle(int port, AtomicInteger served) {
            this.port = port;
            this.served = served;
        }

        @Override
        public void start(Promise<Void> started) {
            VertxServer server = VertxServerBuilder.forAddress(vertx, "localhost", port)
                    .addService(EchoMethods.echo(EXECUTE, served, 0)).build();
            grpcServer = server;
            server.start(started);
        }

        @Override
        public void stop(Promise<Void> stopped) {
            ((VertxServer) grpcServer).shutdown(stopped);
        }
    }
}
