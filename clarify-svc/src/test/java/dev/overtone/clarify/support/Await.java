package dev.overtone.clarify.support;

import java.util.function.BooleanSupplier;

/** Waits for a condition the service reaches on its own (a cleanup), polling under a bound. */
public final class Await {

    private Await() {
    }

    public static void until(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(100); // polling interval under a bounded deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
