package dev.overtone.interpreter.fake;

import io.grpc.Context;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** A fake downstream that takes its time when a test says so, and notices the calls whose caller gave up meanwhile. */
public final class Slowness {
    private volatile Duration delay = Duration.ZERO;
    private final AtomicInteger started = new AtomicInteger();
    private final AtomicInteger cancelled = new AtomicInteger();

    void set(Duration delay) {
        this.delay = delay;
    }

    /** The answer, after the delay; a call answered at once is not counted. */
    <T> Uni<T> answer(T value) {
        Duration wait = delay;
        if (wait.isZero()) {
            return Uni.createFrom().item(value);
        }
        AtomicBoolean answered = new AtomicBoolean();
        // the server call's context ends when the call does, answered or not: only an end before the answer is a cancel
        Context.current().addListener(context -> {
            if (!answered.get()) {
                cancelled.incrementAndGet();
            }
        }, Runnable::run);
        started.incrementAndGet();
        return Uni.createFrom().item(value).onItem().delayIt().by(wait).invoke(() -> answered.set(true));
    }

    /** Calls begun while slow. */
    public int started() {
        return started.get();
    }

    /** Slow calls whose gRPC context the caller cancelled before the answer. */
    public int cancelled() {
        return cancelled.get();
    }
}
