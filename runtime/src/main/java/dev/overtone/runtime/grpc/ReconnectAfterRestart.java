package dev.overtone.runtime.grpc;

import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A channel whose peer was down sits in TRANSIENT_FAILURE with a reconnect backoff that grows to
 * minutes, and until it reconnects every call fails at once, even after the peer is back. Before a
 * call, this resets that backoff, so the channel tries the peer now, and waits (event-driven, bounded)
 * for the outcome of that one attempt: a peer that is back is reached by this very call; a peer still
 * down costs at most the bound, and the call then fails UNAVAILABLE as usual (and is retried, at most twice, by
 * the service config, {@link RetryPolicy}). {@link Downstream} does this before every call it makes.
 */
public final class ReconnectAfterRestart {
    /** How long a call waits for the reconnect attempt; a localhost or in-cluster connect takes milliseconds. */
    public static final Duration DEFAULT_WAIT = Duration.ofMillis(500);

    private final Channel channel;

    public ReconnectAfterRestart(Channel channel) {
        this.channel = channel;
    }

    /** Call before a blocking call; returns at once unless the channel is failing, never waits longer than allowed. */
    public void beforeCall(Duration allowed) {
        try {
            attempt(allowed).toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the reconnect wait cannot fail", e);
        }
    }

    /**
     * The same without blocking, for a call that is itself asynchronous: completes at once unless the channel is
     * failing, else once the reconnect attempt has an outcome or the bound ({@link #DEFAULT_WAIT}, at most {@code allowed}) passed.
     */
    public CompletionStage<Void> attempt(Duration allowed) {
        if (!(channel instanceof ManagedChannel managed)
                || managed.getState(false) != ConnectivityState.TRANSIENT_FAILURE) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> changed = new CompletableFuture<>();
        managed.notifyWhenStateChanged(ConnectivityState.TRANSIENT_FAILURE, () -> changed.complete(null));
        managed.resetConnectBackoff();
        long bound = Math.max(0, Math.min(DEFAULT_WAIT.toNanos(), allowed.toNanos()));
        return changed.completeOnTimeout(null, bound, TimeUnit.NANOSECONDS);
    }
}
