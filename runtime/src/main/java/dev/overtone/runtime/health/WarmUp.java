package dev.overtone.runtime.health;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.jboss.logging.Logger;

import java.time.Duration;

/**
 * A start-up task run once on a background thread, and the readiness it gives: DOWN until the task
 * has finished, DOWN with the reason when it failed, UP after (or at once when warm-up is disabled).
 * A task that finished but could not warm everything throws {@link Degraded}: UP, with the reason logged and shown.
 */
public final class WarmUp {

    private static final Logger LOG = Logger.getLogger(WarmUp.class);

    public enum Phase { NOT_STARTED, RUNNING, DONE, DEGRADED, FAILED, DISABLED }

    /**
     * The task ran to its end but a part of it could not warm what it was meant to (its own scratch database
     * unusable, say): the service serves anyway, its first calls of that kind cold, and says why in its log
     * and readiness data.
     */
    public static final class Degraded extends RuntimeException {
        public Degraded(String reason) {
            super(reason);
        }
    }

    private record State(Phase phase, String detail) {
    }

    private final String name;
    private volatile State state = new State(Phase.NOT_STARTED, "not started yet");

    public WarmUp(String name) {
        this.name = name;
    }

    public void disable() {
        state = new State(Phase.DISABLED, "warm-up disabled by configuration; the first request loads what it needs");
    }

    /** Runs the task on its own daemon thread; start-up is not blocked. */
    public void start(Runnable task) {
        start(task, () -> { });
    }

    /** As {@link #start(Runnable)}, then {@code whenDone} once the task has finished or degraded (not when it failed). */
    public void start(Runnable task, Runnable whenDone) {
        state = new State(Phase.RUNNING, "loading and warming up");
        Thread thread = new Thread(() -> {
            run(task);
            if (!pending()) {
                whenDone.run();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs the task on the calling thread (what {@link #start} does on its own thread). */
    public void run(Runnable task) {
        long started = System.nanoTime();
        try {
            task.run();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            state = new State(Phase.DONE, "warmed up in " + took.toMillis() + " ms");
            LOG.infof("%s: warmed up in %d ms", name, took.toMillis());
        } catch (Degraded e) {
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            state = new State(Phase.DEGRADED, "warm-up degraded: " + e.getMessage());
            LOG.warnf("%s: warm-up degraded after %d ms, serving anyway: %s", name, took.toMillis(), e.getMessage());
        } catch (RuntimeException | Error e) {
            String reason = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
            state = new State(Phase.FAILED, "warm-up failed: " + reason);
            LOG.errorf(e, "%s: warm-up failed, readiness stays DOWN: %s", name, reason);
        }
    }

    /** Not finished yet: not started, running, or failed (a failed warm-up never makes the service warm). */
    public boolean pending() {
        Phase phase = state.phase();
        return phase != Phase.DONE && phase != Phase.DEGRADED && phase != Phase.DISABLED;
    }

    public Phase phase() {
        return state.phase();
    }

    public HealthCheckResponse check() {
        State s = state;
        boolean up = s.phase() == Phase.DONE || s.phase() == Phase.DEGRADED || s.phase() == Phase.DISABLED;
        return HealthCheckResponse.named(name).status(up).withData("phase", s.phase().name().toLowerCase(java.util.Locale.ROOT))
                .withData("detail", s.detail()).build();
    }
}
