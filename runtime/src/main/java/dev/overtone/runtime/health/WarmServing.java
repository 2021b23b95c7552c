package dev.overtone.runtime.health;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.quarkus.grpc.runtime.health.GrpcHealthStorage;
import jakarta.annotation.Priority;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * The gRPC health service's statuses, kept at NOT_SERVING until this service's warm-up has finished. Quarkus reports
 * SERVING as soon as its gRPC server listens, before the warm-up (which sends its example through that very server)
 * has run, so a caller that checks health ({@link HealthChecking}) would send calls to a cold replica. A SERVING set
 * while the warm-up runs is kept and applied when it is done ({@link #warm()}); a NOT_SERVING (the drain's) applies at
 * once and cancels a kept SERVING. A service without a warm-up, or with it disabled, serves once Quarkus has started.
 * <p>
 * Until Quarkus has started (its StartupEvent observed by every bean), SERVING is kept back too: Quarkus sets it when its
 * gRPC server listens, which is seconds before the start ends on a loaded machine (executor-svc: 10 s at load 25), and a
 * service without a warm-up (executor-svc, interpreter-svc) was sent calls that waited for the rest of its start (3.9 s
 * ExecuteBatch calls that stalled every Interpret of the suite; bench/README, "chaos", 2026-11-27).
 */
@Alternative
@Priority(1)
@Singleton
public class WarmServing extends GrpcHealthStorage {

    private final BooleanSupplier warmUpPending;
    private final Set<String> kept = ConcurrentHashMap.newKeySet();
    private volatile boolean started;

    @Inject
    WarmServing(@Any Instance<WarmUpReadiness> warmUps) {
        this(() -> warmUps.stream().anyMatch(WarmUpReadiness::warming), false);
    }

    /** As a started service has it; @param warming whether a warm-up is still to finish (not run yet, runs, or failed) */
    WarmServing(BooleanSupplier warming) {
        this(warming, true);
    }

    /** @param started whether Quarkus has started already */
    WarmServing(BooleanSupplier warmUpPending, boolean started) {
        this.warmUpPending = warmUpPending;
        this.started = started;
    }

    /**
     * Quarkus has started: the last StartupEvent observer (a warm-up has been started by then), so every kept SERVING
     * applies now unless a warm-up is pending.
     */
    void onStarted(@Observes @Priority(Integer.MAX_VALUE) StartupEvent event) {
        started();
    }

    void started() {
        started = true;
        warm();
    }

    private boolean warming() {
        return !started || warmUpPending.getAsBoolean();
    }

    @Override
    public synchronized void setStatus(String service, ServingStatus status) {
        String name = service == null ? DEFAULT_SERVICE_NAME : service;
        if (status == ServingStatus.SERVING && warming()) {
            kept.add(name);
            super.setStatus(name, ServingStatus.NOT_SERVING);
            return;
        }
        kept.remove(name);
        super.setStatus(name, status);
    }

    /** The warm-up has finished: every SERVING kept until now applies (unless another warm-up still runs). */
    public synchronized void warm() {
        List.copyOf(kept).forEach(service -> setStatus(service, ServingStatus.SERVING));
    }
}
