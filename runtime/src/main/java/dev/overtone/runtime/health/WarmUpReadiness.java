package dev.overtone.runtime.health;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

import java.util.function.BooleanSupplier;

/**
 * A service's warm-up readiness check: at start it runs the service's warm-up task on its own thread
 * (when configured to) and reports DOWN until that task has finished ({@link WarmUp}). A service
 * subclasses it as a {@code @Readiness @Singleton} bean (a normal-scoped one would need a no-args constructor).
 */
public abstract class WarmUpReadiness implements HealthCheck {

    private final WarmUp warmUp;
    private final BooleanSupplier enabled;
    private final Runnable task;

    /**
     * @param enabled whether the warm-up runs at start (the service's configuration)
     * @param task    loads what the first request needs and serves one real request's worth of work
     */
    protected WarmUpReadiness(String name, BooleanSupplier enabled, Runnable task) {
        this.warmUp = new WarmUp(name);
        this.enabled = enabled;
        this.task = task;
    }

    /** Starts the warm-up; once it is done, the gRPC health service reports what Quarkus set ({@link WarmServing}). */
    public void onStart(@Observes StartupEvent event, WarmServing grpcHealth) {
        if (enabled.getAsBoolean()) {
            warmUp.start(task, grpcHealth::warm);
        } else {
            warmUp.disable();
        }
    }

    /** Whether the warm-up is still to finish; while it is, the gRPC health service says NOT_SERVING. */
    public boolean warming() {
        return enabled.getAsBoolean() && warmUp.pending();
    }

    @Override
    public HealthCheckResponse call() {
        return warmUp.check();
    }
}
