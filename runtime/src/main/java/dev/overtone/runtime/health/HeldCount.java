package dev.overtone.runtime.health;

import java.time.Duration;

/**
 * How many of something a server holds now (calls, client connections), and a wait for it to reach zero: what
 * {@link InFlightCalls} and {@link ConnectedClients} count, and {@link Drain} waits for.
 */
public abstract class HeldCount {
    private final Object lock = new Object();
    private int count;

    /** How many are held now. */
    public int count() {
        synchronized (lock) {
            return count;
        }
    }

    /** Waits until none is held or the bound has passed; returns how many are still held. */
    public int awaitNone(Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        synchronized (lock) {
            while (count > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
            return count;
        }
    }

    protected void changeBy(int delta) {
        synchronized (lock) {
            count += delta;
            if (count == 0) {
                lock.notifyAll();
            }
        }
    }
}
