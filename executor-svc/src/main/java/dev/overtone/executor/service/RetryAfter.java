package dev.overtone.executor.service;

import io.grpc.Status;
import java.time.Duration;

/**
 * A statement refused before anything ran, for capacity that frees within a statement's time (the tenant's bulkhead
 * queue, the policy's parser queue): the caller may try again after {@code pushback} (RESOURCE_EXHAUSTED with
 * {@code grpc-retry-pushback-ms}; the callers' channels retry executor-svc's calls on it, runtime's RetryPolicy).
 * A statement refused because its deadline passed while it waited is a plain RESOURCE_EXHAUSTED: no retry.
 */
public final class RetryAfter extends SandboxException {
    private final Duration pushback;

    public RetryAfter(String message, Duration pushback) {
        super(Status.Code.RESOURCE_EXHAUSTED, "", message);
        this.pushback = pushback;
    }

    @Override
    public long retryPushbackMillis() {
        return pushback.toMillis();
    }
}
