package dev.overtone.runtime.grpc;

import io.grpc.Status;

/**
 * A service's own failure that knows which gRPC status it is. Its message is already phrased for the
 * caller (what went wrong and what to do), so {@link StatusTable} sends it as the status description.
 */
public interface StatusFailure {
    Status.Code statusCode();

    String getMessage();

    /**
     * A RESOURCE_EXHAUSTED failure's {@code grpc-retry-pushback-ms}: how long the caller's channel should wait before
     * it tries again, or negative (the default) for "do not retry": only a refusal that did no work and is known to
     * pass (a full admission queue) says otherwise ({@link StatusTable}, {@link RetryPolicy}).
     */
    default long retryPushbackMillis() {
        return -1;
    }
}
