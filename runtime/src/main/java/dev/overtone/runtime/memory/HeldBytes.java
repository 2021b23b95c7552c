package dev.overtone.runtime.memory;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A replica's bound on the bytes of result text it holds for all calls in flight at once, across calls and tenants.
 * A result stays in memory until the call's answer is sent, so a bound on the calls or statements running does not
 * bound the results held. Each call opens a {@link Hold}; its results take from it as they arrive, and closing it
 * when the call ends gives all of it back.
 */
public class HeldBytes {
    private final long capacity;
    private final String refusal;
    private final AtomicLong held = new AtomicLong();

    /**
     * @param service the service holding the results, as a refusal names it
     * @param knob the configuration key that sets {@code capacity}
     * @param advice what the caller can do when refused
     */
    public HeldBytes(long capacity, String service, String knob, String advice) {
        this(capacity, service + " holds as much result text for the calls in flight as its bound allows (" + knob + ", "
                + capacity + " bytes); " + advice);
    }

    /** A bound on bytes of another kind, {@code refusal} saying why a call was refused (the bound, the knob, the advice). */
    public HeldBytes(long capacity, String refusal) {
        this.capacity = capacity;
        this.refusal = refusal;
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
     * What one call holds. Once closed it takes nothing more (work that outlived its call gives up), so nothing taken
     * is left behind. {@link #NONE} holds nothing and refuses nothing (work outside a call).
     */
    public static final class Hold implements AutoCloseable {
        public static final Hold NONE = new Hold(null);

        private final HeldBytes bound;
        private long taken;
        private boolean closed;

        private Hold(HeldBytes bound) {
            this.bound = bound;
        }

        /** Takes {@code bytes} more, or nothing and false when the replica holds too much already or the call ended. */
        public synchronized boolean take(long bytes) {
            if (bound == null) {
                return true;
            }
            if (closed || !bound.take(bytes)) {
                return false;
            }
            taken += bytes;
            return true;
        }

        /** Gives back {@code bytes} of what this call took: a result it will not answer. */
        public synchronized void giveBack(long bytes) {
            if (bound != null && !closed) {
                long given = Math.min(bytes, taken);
                taken -= given;
                bound.held.addAndGet(-given);
            }
        }

        /** Why a result was not taken: names the bound and what the caller can do. */
        public String refusal() {
            return bound == null ? "" : bound.refusal;
        }

        @Override
        public synchronized void close() {
            if (bound != null && !closed) {
                closed = true;
                bound.held.addAndGet(-taken);
                taken = 0;
            }
        }
    }
}
