package dev.overtone.runtime.grpc;

import io.grpc.Metadata;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A gRPC service config (the standard JSON form, as the map grpc-java takes) that retries the
 * idempotent calls (at most twice) when the peer is UNAVAILABLE (a refused or reset connection, a server going
 * away) or the transport lost the call as UNKNOWN ({@link #RETRYABLE}), or when the server refused the call with
 * a pushback of zero or more ({@link #PUSHBACK}: grpc-java retries any status whose server names when, gRFC A6;
 * executor-svc's bulkhead does so for a call it refused for a full queue). The channel does the retry, within the
 * call's deadline; nothing is slept or polled by hand.
 * <p>
 * A refusal is never retried so that it adds to an overload: only the server says when ({@code
 * grpc-retry-pushback-ms}, which every RESOURCE_EXHAUSTED of ours carries, negative "do not retry" unless the refusal
 * did no work and will pass, {@link StatusTable}); a call is tried at most {@code maxAttempts} times; and each channel
 * stops retrying at all while half of its retry tokens are spent ({@link #THROTTLING}), so a service that keeps
 * refusing sees each call once.
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, double backoffMultiplier) {
    /**
     * UNAVAILABLE: a refused or reset connection, a server going away. UNKNOWN: grpc-java's Netty transport reports a
     * call whose write found the connection already closed (a peer killed as the call was sent) as UNKNOWN "channel
     * closed" ({@code io.grpc.netty.Utils.statusFromThrowable}), not UNAVAILABLE; no service of ours answers UNKNOWN
     * itself ({@link StatusTable} gives every failure its code), so an UNKNOWN from a peer is such a transport fault.
     */
    static final List<String> RETRYABLE = List.of("UNAVAILABLE", "UNKNOWN");

    /** The trailer a server's RESOURCE_EXHAUSTED names its pushback in (gRFC A6); negative: do not retry. */
    public static final Metadata.Key<String> PUSHBACK = Metadata.Key.of("grpc-retry-pushback-ms",
            Metadata.ASCII_STRING_MARSHALLER);

    /**
     * gRFC A6 retry throttling, per channel: 100 tokens, a retryable failure takes one, a success gives 0.1 back;
     * below 50 the channel retries nothing. A replica killed under the bench's load fails at most a few dozen calls of
     * a channel at once, well within it; a service refusing everything stops being retried after 50.
     */
    static final Map<String, Object> THROTTLING = Map.of("maxTokens", 100.0, "tokenRatio", 0.1);

    /**
     * Two retries, each to the next replica in the rotation. One was not enough: a fresh-clone CI run lost one
     * ExecuteBatch of 2653 calls during a rolling restart with "io exception" after its one retry (the second
     * attempt met a connection going away too). A peer down for longer than three tries (at most 50 + 100 ms of
     * backoff) is a failure to report, not to hide.
     */
    public static final RetryPolicy DEFAULT = new RetryPolicy(3, Duration.ofMillis(50), Duration.ofMillis(200), 2.0);

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
                "retryableStatusCodes", RETRYABLE);
        return Map.of("methodConfig", List.of(Map.of("name", names, "retryPolicy", retry)),
                "retryThrottling", THROTTLING);
    }

    private static String seconds(Duration d) {
        return (d.toNanos() / 1e9) + "s";
    }
}
