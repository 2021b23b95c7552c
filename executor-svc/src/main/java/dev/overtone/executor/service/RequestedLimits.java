package dev.overtone.executor.service;

import java.util.OptionalInt;
import java.util.OptionalLong;

/** Limits as the caller asked for them (each optional), plus what remains of the call's deadline. */
public record RequestedLimits(OptionalLong timeoutMillis, OptionalInt maxRows, OptionalLong maxBytes,
        OptionalInt maxColumns, OptionalLong deadlineRemainingMillis) {

    public static RequestedLimits none() {
        return new RequestedLimits(OptionalLong.empty(), OptionalInt.empty(), OptionalLong.empty(),
                OptionalInt.empty(), OptionalLong.empty());
    }
}
