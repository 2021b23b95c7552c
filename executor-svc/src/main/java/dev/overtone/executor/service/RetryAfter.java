package dev.overtone.executor.service;

import io.grpc.Status;
import java.time.Duration;

/**
 * The bulkhead refused a statement because the tenant's queue was full: nothing ran, and a slot frees within a
 * statement's time, so the caller may try again after {@code pushback} (RESOURCE_EXHAUSTED with
 * {@code grpc-retry-pushback-ms}; the callers' channels retry executor-svc's calls on it, runtime's RetryPolicy).
 * A statement refused because its deadline passed while it waited is a plain RESOURCE_EXHAUSTED: no retry.
 */
public final class BulkheadFull extends SandboxException {
    private final Duration pushback;

    BulkheadFull(String message, Duration pushback) {
        super(Status.Code.RESOURCE_EXHAUSTED, "", message);
        this.pushback = pushback;
    }

    @Override
    public long retryPushbackMillis() {
        return pushback.toMillis();
    }
}
