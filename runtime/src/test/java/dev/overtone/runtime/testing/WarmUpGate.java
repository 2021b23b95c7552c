package dev.overtone.runtime.testing;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A warm-up held until the test opens the gate, so that a {@code @QuarkusTest} can see "not ready yet" before it lets the
 * real warm-up run ({@link Readiness#assertReadyOnlyAfterWarmUp}). A test's gated bean calls {@link #pass()} first.
 */
public final class WarmUpGate {
    private static final long BOUND_MINUTES = 2;

    private final CountDownLatch gate = new CountDownLatch(1);

    /** Lets the held warm-up go on. */
    public void open() {
        gate.countDown();
    }

    /** Waits until the test opens the gate; fails the warm-up when it never does. */
    public void pass() {
        try {
            if (!gate.await(BOUND_MINUTES, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the test never opened the warm-up gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the warm-up gate");
        }
    }
}
