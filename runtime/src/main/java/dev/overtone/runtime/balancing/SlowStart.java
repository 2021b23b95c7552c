package dev.overtone.runtime.balancing;

import java.time.Duration;

/**
 * How large a share of calls a replica gets over its first seconds in a caller's rotation (Envoy calls it slow start):
 * its weight grows linearly with the time since it became ready, from {@link #MIN_WEIGHT} to 1 at the end of the
 * window; a replica that has been ready longer has weight 1. A replica that has just started runs its code
 * interpreted and its JIT compilers take CPU while it serves: given its full share at once it answered its calls
 * several times slower than the warm one (bench/README, "chaos", 2026-11-27). With {@code capOpenCalls} a young
 * replica also holds at most its weight's share of the calls open on all replicas, plus one ({@link SlowStartPicker}).
 */
public record SlowStart(Duration window, boolean capOpenCalls) {

    /** The weight of a replica that has just become ready: it gets calls from the start, so its JIT warms up on them. */
    public static final double MIN_WEIGHT = 0.1;

    /**
     * A replica out of the rotation for less than this and back is the same warm process that reconnected (a connection
     * closed at its maximum age, a health check's blip), not a new one: it keeps its full weight.
     */
    public static final Duration NEW_PROCESS_GAP = Duration.ofSeconds(1);

    public SlowStart {
        if (window.isNegative()) {
            throw new IllegalArgumentException("the slow-start window must not be negative, got " + window);
        }
    }

    /** Without the cap on the calls a young replica holds. */
    public SlowStart(Duration window) {
        this(window, false);
    }

    public boolean enabled() {
        return !window.isZero();
    }

    /** The weight of a replica ready for {@code ageNanos}. */
    public double weight(long ageNanos) {
        long windowNanos = window.toNanos();
        if (ageNanos >= windowNanos) {
            return 1.0;
        }
        return Math.max(MIN_WEIGHT, (double) Math.max(0, ageNanos) / windowNanos);
    }
}
