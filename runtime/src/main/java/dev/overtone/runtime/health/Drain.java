package dev.overtone.runtime.health;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.quarkus.grpc.runtime.health.GrpcHealthStorage;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Graceful drain on SIGTERM, in this order: the service reports not ready (this readiness check DOWN, the
 * gRPC health service NOT_SERVING); its gRPC server takes no new calls ({@link GrpcServerStop}: GOAWAY, so
 * callers move to the other replicas); the calls it holds finish, for at most {@code quarkus.shutdown.timeout}
 * ({@link InFlightCalls}), and their connections close once the last bytes are out ({@link ConnectedClients}); then
 * Quarkus goes on with its shutdown (the gRPC verticle and its executor are stopped only now, when no connection is
 * left to dispatch a call through them) and the process exits. It runs at the first
 * step of Quarkus's graceful shutdown, {@link ShutdownDelayInitiatedEvent} (fired when
 * {@code quarkus.shutdown.delay-enabled=true}, as every service sets), while the HTTP server still answers, so
 * {@code /q/health/ready} says 503 during the drain; without that event, in the {@link ShutdownEvent}, after
 * the HTTP server has closed.
 */
@Readiness
@Singleton
public class Drain implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(Drain.class);

    private final InFlightCalls inFlight;
    private final ConnectedClients connections;
    private final GrpcServerStop server;
    private final Instance<GrpcHealthStorage> grpcHealth;
    private final Duration timeout;
    private volatile boolean draining;
    private final AtomicBoolean started = new AtomicBoolean();

    Drain(InFlightCalls inFlight, ConnectedClients connections, GrpcServerStop server, Instance<GrpcHealthStorage> grpcHealth,
            @ConfigProperty(name = "quarkus.shutdown.timeout", defaultValue = "10s") Duration timeout) {
        this.inFlight = inFlight;
        this.connections = connections;
        this.server = server;
        this.grpcHealth = grpcHealth;
        this.timeout = timeout;
    }

    void onShutdownBegins(@Observes ShutdownDelayInitiatedEvent event) {
        drain();
    }

    void onShutdown(@Observes ShutdownEvent event) {
        drain();
    }

    /**
     * Reports not ready, stops taking calls, waits for the calls held (bounded); returns the calls left unfinished.
     * Only the first call drains; later ones return at once.
     */
    public int drain() {
        if (!started.compareAndSet(false, true)) {
            return inFlight.count();
        }
        draining = true;
        if (grpcHealth.isResolvable()) {
            GrpcHealthStorage storage = grpcHealth.get();
            storage.getStatuses().keySet().forEach(service -> storage.setStatus(service, ServingStatus.NOT_SERVING));
            storage.setStatus(GrpcHealthStorage.DEFAULT_SERVICE_NAME, ServingStatus.NOT_SERVING);
        }
        long started = System.nanoTime();
        int held = inFlight.count();
        server.stopAccepting();
        int left;
        int open;
        try {
            left = inFlight.awaitNone(timeout.minusNanos(System.nanoTime() - started));
            // A call is closed before its last bytes are written; its connection closes (after the GOAWAY) once they are.
            open = connections.awaitNone(timeout.minusNanos(System.nanoTime() - started));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            left = inFlight.count();
            open = connections.count();
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        if (left == 0 && open == 0) {
            LOG.infof("drained: %d calls in flight finished and every connection closed in %d ms, no new calls taken",
                    held, millis);
        } else {
            LOG.warnf("drain: %d calls still in flight and %d connections open after %d ms (quarkus.shutdown.timeout %s);"
                    + " they end with the process", left, open, millis, timeout);
        }
        return left;
    }

    public boolean draining() {
        return draining;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("grpc-server").status(!draining)
                .withData("state", draining ? "draining: takes no new calls" : "serving")
                .withData("calls-in-flight", inFlight.count())
                .withData("connections", connections.count()).build();
    }
}
