package dev.overtone.executor.service;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Limits as the caller asked for them (each optional), plus what remains of the call's deadline, and the call's hold on
 * the replica's {@link HeldResults}.
 */
public record RequestedLimits(OptionalLong timeoutMillis, OptionalInt maxRows, OptionalLong maxBytes,
        OptionalInt maxColumns, OptionalLong deadlineRemainingMillis, HeldResults.Hold held) {

    public RequestedLimits(OptionalLong timeoutMillis, OptionalInt maxRows, OptionalLong maxBytes, OptionalInt maxColumns,
            OptionalLong deadlineRemainingMillis) {
        this(timeoutMillis, maxRows, maxBytes, maxColumns, deadlineRemainingMillis, HeldResults.Hold.NONE);
    }

    /** The same limits, whose results take from {@code held}. */
    public RequestedLimits heldBy(HeldResults.Hold held) {
        return new RequestedLimits(timeoutMillis, maxRows, maxBytes, maxColumns, deadlineRemainingMillis, held);
    }

    public static RequestedLimits none() {
        return new RequestedLimits(OptionalLong.empty(), OptionalInt.empty(), OptionalLong.empty(),
                OptionalInt.empty(), OptionalLong.empty());
    }
}
