package dev.overtone.runtime.grpc;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A gRPC service config (the standard JSON form, as the map grpc-java takes) that retries the
 * idempotent calls once when the peer is UNAVAILABLE: a refused or reset connection, a server going
 * away. The channel does the retry, within the call's deadline; nothing is slept or polled by hand.
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, double backoffMultiplier) {
    /** One retry: a peer that is down for longer is a failure to report, not to hide. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(2, Duration.ofMillis(50), Duration.ofMillis(200), 2.0);

    public RetryPolicy {
        if (maxAttempts < 2) {
            throw new IllegalArgumentException("a retry policy needs at least 2 attempts, got " + maxAttempts);
        }
    }

    /** The service config of {@link IdempotentCalls#METHODS}; numbers are doubles, as grpc-java expects. */
    public Map<String, Object> serviceConfig() {
        List<Object> names = IdempotentCalls.METHODS.stream()
                .<Object>map(m -> Map.of("service", m.service(), "method", m.name())).toList();
        Map<String, Object> retry = Map.of(
                "maxAttempts", (double) maxAttempts,
                "initialBackoff", seconds(initialBackoff),
                "maxBackoff", seconds(maxBackoff),
                "backoffMultiplier", backoffMultiplier,
                "retryableStatusCodes", List.of("UNAVAILABLE"));
        return Map.of("methodConfig", List.of(Map.of("name", names, "retryPolicy", retry)));
    }

    private static String seconds(Duration d) {
        return (d.toNanos() / 1e9) + "s";
    }
}
