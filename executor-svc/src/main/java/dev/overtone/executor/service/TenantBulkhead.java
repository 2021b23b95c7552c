package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * At most N statements of one tenant at a time. The next ones wait, first come first served, until
 * a slot frees or their deadline passes (then RESOURCE_EXHAUSTED naming the limit); at most
 * {@code max-queued} wait, beyond that a call is refused at once ({@link RetryAfter}, with a pushback after
 * which its caller may retry, on another replica when there is one). A slot is held until the statement
 * has really ended on the engine, also when the caller went away.
 */
@ApplicationScoped
public class TenantBulkhead {
    private final int limit;
    private final int maxQueued;
    private final Duration pushback;
    private final Map<String, Slots> tenants = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bulkhead-deadline");
        t.setDaemon(true);
        return t;
    });

    /** One tenant's running count and queue; guarded by its own monitor. */
    private static final class Slots {
        int running;
        final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    }

    private static final class Waiter {
        final UniEmitter<? super Boolean> emitter;
        ScheduledFuture<?> timer;

        Waiter(UniEmitter<? super Boolean> emitter) {
            this.emitter = emitter;
        }
    }

    public TenantBulkhead(ExecutorConfig config) {
        this.limit = config.bulkhead().maxConcurrent();
        this.maxQueued = config.bulkhead().maxQueued();
        this.pushback = config.bulkhead().retryPushback();
    }

    /** Runs {@code work} when a slot is free, waiting for one until {@code deadlineNanos} ({@link System#nanoTime()}). */
    public <T> Uni<T> run(String tenant, long deadlineNanos, Supplier<Uni<T>> work) {
        Slots slots = tenants.computeIfAbsent(tenant, t -> new Slots());
        return acquire(tenant, slots, deadlineNanos).chain(granted -> start(slots, work));
    }

    /** Runs {@code work} only if a slot is free now. */
    public <T> Uni<T> run(String tenant, Supplier<Uni<T>> work) {
        return run(tenant, System.nanoTime(), work);
    }

    private Uni<Boolean> acquire(String tenant, Slots slots, long deadlineNanos) {
        return Uni.createFrom().emitter(emitter -> {
            synchronized (slots) {
                if (slots.running < limit) {
                    slots.running++;
                    emitter.complete(true);
                    return;
                }
                long waitNanos = deadlineNanos - System.nanoTime();
                if (waitNanos <= 0) {
                    emitter.fail(full(tenant, ""));
                    return;
                }
                if (slots.waiting.size() >= maxQueued) {
                    emitter.fail(new RetryAfter(message(tenant, " and " + maxQueued
                            + " more already wait (overtone.executor.bulkhead.max-queued)") + "; retry after "
                            + pushback.toMillis() + " ms", pushback));
                    return;
                }
                Waiter waiter = new Waiter(emitter);
                slots.waiting.add(waiter);
                waiter.timer = timers.schedule(() -> {
                    synchronized (slots) {
                        if (slots.waiting.remove(waiter)) {
                            waiter.emitter.fail(full(tenant, "; no slot freed before the call's time limit"));
                        }
                    }
                }, waitNanos, TimeUnit.NANOSECONDS);
                emitter.onTermination(() -> {
                    synchronized (slots) {
                        slots.waiting.remove(waiter); // the caller went away while waiting
                    }
                    waiter.timer.cancel(false);
                });
            }
        });
    }

    private <T> Uni<T> start(Slots slots, Supplier<Uni<T>> work) {
        Uni<T> running;
        try {
            // the work runs to its own end (its deadline bounds it) even when the caller goes away,
            // and only then gives the slot back: a cancelled call does not free a slot early
            running = work.get().memoize().indefinitely();
        } catch (RuntimeException e) {
            release(slots);
            return Uni.createFrom().failure(e);
        }
        running.subscribe().with(item -> release(slots), failure -> release(slots));
        return running;
    }

    /** Hands the slot to the first waiter, or frees it. */
    private void release(Slots slots) {
        synchronized (slots) {
            Waiter next = slots.waiting.poll();
            if (next == null) {
                slots.running--;
                return;
            }
            next.timer.cancel(false);
            next.emitter.complete(true); // the slot passes on: running stays the same
        }
    }

    private SandboxException full(String tenant, String detail) {
        return SandboxException.exhausted(message(tenant, detail) + "; retry later or give the call more time");
    }

    private String message(String tenant, String detail) {
        return "tenant '" + tenant + "' already runs " + limit
                + " statements, its limit (overtone.executor.bulkhead.max-concurrent=" + limit + ")" + detail;
    }

    public int limit() {
        return limit;
    }

    /** Calls of the tenant waiting for a slot now. */
    public int queued(String tenant) {
        Slots slots = tenants.get(tenant);
        if (slots == null) {
            return 0;
        }
        synchronized (slots) {
            return slots.waiting.size();
        }
    }

    @PreDestroy
    void close() {
        timers.shutdownNow();
    }
}
