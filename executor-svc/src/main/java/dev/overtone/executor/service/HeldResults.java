package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of result text this replica holds for the calls in flight, across calls and tenants, at most
 * {@code overtone.executor.limits.held-bytes}. A result stays in memory after its statement gives back its bulkhead
 * slot, until its answer is sent, so the bulkhead, which bounds the statements running, does not bound the results
 * held: two answers of 64 MiB at once made a 256 MB replica exit. Each call opens a {@link Hold}; its rows take from it as they are read, and closing it when the call
 * ends gives all of it back.
 */
@Singleton
public class HeldResults {
    private final long capacity;
    private final AtomicLong held = new AtomicLong();

    @Inject
    HeldResults(ExecutorConfig config) {
        this(config.limits().heldBytes());
    }

    public HeldResults(long capacity) {
        this.capacity = capacity;
    }

    /** A hold for one call's results; close it when the call ends. */
    public Hold open() {
        return new Hold(this);
    }

    /** Bytes held now. */
    public long held() {
        return held.get();
    }

    public long capacity() {
        return capacity;
    }

    private boolean take(long bytes) {
        long now;
        do {
            now = held.get();
            if (now + bytes > capacity) {
                return false;
            }
        } while (!held.compareAndSet(now, now + bytes));
        return true;
    }

    /**
     * What one call holds. Once closed it takes nothing more (a statement that outlived its call gives up reading), so
     * nothing taken is left behind. {@link #NONE} holds nothing and refuses nothing (work outside a call).
     */
    public static final class Hold implements AutoCloseable {
        public static final Hold NONE = new Hold(null);

        private final HeldResults results;
        private long taken;
        private boolean closed;

        private Hold(HeldResults results) {
            this.results = results;
        }

        /** Takes {@code bytes} more, or nothing and false when the replica holds too much already or the call ended. */
        public synchronized boolean take(long bytes) {
            if (results == null) {
                return true;
            }
            if (closed || !results.take(bytes)) {
                return false;
            }
            taken += bytes;
            return true;
        }

        /** Gives back {@code bytes} of what this call took: a result it will not answer (a refused statement of a batch). */
        public synchronized void giveBack(long bytes) {
            if (results != null && !closed) {
                long given = Math.min(bytes, taken);
                taken -= given;
                results.held.addAndGet(-given);
            }
        }

        /** Why a row was not taken: names the bound and what the caller can do. */
        public String refusal() {
            return "executor-svc holds as much result text for the calls in flight as its bound allows"
                    + " (overtone.executor.limits.held-bytes, " + results.capacity() + " bytes); retry, or ask for fewer bytes"
                    + " (max_bytes)";
        }

        @Override
        public synchronized void close() {
            if (results != null && !closed) {
                closed = true;
                results.held.addAndGet(-taken);
                taken = 0;
            }
        }
    }
}
