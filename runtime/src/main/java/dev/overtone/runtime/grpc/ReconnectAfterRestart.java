package dev.overtone.runtime.grpc;

import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A channel whose peer was down sits in TRANSIENT_FAILURE with a reconnect backoff that grows to
 * minutes, and until it reconnects every call fails at once, even after the peer is back. Before a
 * call, this resets that backoff, so the channel tries the peer now, and waits (event-driven, bounded)
 * for the outcome of that one attempt: a peer that is back is reached by this very call; a peer still
 * down costs at most the bound, and the call then fails UNAVAILABLE as usual (and is retried once by
 * the service config, {@link RetryPolicy}).
 */
public final class ReconnectAfterRestart {
    /** How long a call waits for the reconnect attempt; a localhost or in-cluster connect takes milliseconds. */
    public static final Duration DEFAULT_WAIT = Duration.ofMillis(500);

    private final Channel channel;
    private final Duration wait;

    public ReconnectAfterRestart(Channel channel, Duration wait) {
        this.channel = channel;
        this.wait = wait;
    }

    public ReconnectAfterRestart(Channel channel) {
        this(channel, DEFAULT_WAIT);
    }

    /** Call before a call; returns at once unless the channel is failing, never waits longer than allowed. */
    public void beforeCall(Duration allowed) {
        if (!(channel instanceof ManagedChannel managed)
                || managed.getState(false) != ConnectivityState.TRANSIENT_FAILURE) {
            return;
        }
        CountDownLatch changed = new CountDownLatch(1);
        managed.notifyWhenStateChanged(ConnectivityState.TRANSIENT_FAILURE, changed::countDown);
        managed.resetConnectBackoff();
        long bound = Math.min(wait.toNanos(), allowed.toNanos());
        try {
            changed.await(Math.max(0, bound), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
