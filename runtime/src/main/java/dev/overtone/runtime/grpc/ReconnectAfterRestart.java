package dev.overtone.runtime.grpc;

import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A channel whose peer was down sits in TRANSIENT_FAILURE with a reconnect backoff that grows to
 * minutes, and until it reconnects every call fails at once, even after the peer is back. Before a
 * call, this resets that backoff, so the channel tries the peer now, and waits (event-driven, bounded)
 * for the outcome of that one attempt: a peer that is back is reached by this very call; a peer still
 * down costs at most the bound, and the call then fails UNAVAILABLE as usual (and is retried, at most twice, by
 * the service config, {@link RetryPolicy}). {@link Downstream} does this before every call it makes.
 * <p>
 * A channel over several replicas is not failing as a whole while one replica is down: its balancer sends the calls
 * to the others, and the connection to the one that is down keeps backing off, by the time it is back for 10 s or
 * more when it was down for half a minute (a restart that records the start-up cache). Until that backoff ends the
 * replica gets no call, and a rolling restart that stops the other replica meanwhile leaves the channel with none
 * (the calls then fail "io exception", a lost ExecuteBatch in CI). So before a call on a channel that is not
 * failing, the backoff is reset too, at most every {@link #REPLICA_RETRY_INTERVAL}: a replica that is down is tried
 * about twice a second while calls flow, and one that is back rejoins the rotation within that.
 */
public final class ReconnectAfterRestart {
    /** How long a call waits for the reconnect attempt; a localhost or in-cluster connect takes milliseconds. */
    public static final Duration DEFAULT_WAIT = Duration.ofMillis(500);
    /** How often a channel that is not failing as a whole has the backoff of its failing replicas reset. */
    public static final Duration REPLICA_RETRY_INTERVAL = Duration.ofMillis(500);

    private final Channel channel;
    private final LongSupplier nanoTime;
    private final Duration wait;
    private final AtomicLong lastReset;

    public ReconnectAfterRestart(Channel channel) {
        this(channel, System::nanoTime, DEFAULT_WAIT);
    }

    /**
     * @param nanoTime the clock of {@link #REPLICA_RETRY_INTERVAL} (a test's own)
     * @param wait     the longest a call waits for the reconnect attempt ({@link #DEFAULT_WAIT}; a test's own)
     */
    ReconnectAfterRestart(Channel channel, LongSupplier nanoTime, Duration wait) {
        this.channel = channel;
        this.nanoTime = nanoTime;
        this.wait = wait;
        this.lastReset = new AtomicLong(nanoTime.getAsLong() - REPLICA_RETRY_INTERVAL.toNanos());
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
     * failing, else once the reconnect attempt has an outcome or the bound (the wait, {@link #DEFAULT_WAIT}, at most {@code allowed}) passed.
     */
    public CompletionStage<Void> attempt(Duration allowed) {
        if (!(channel instanceof ManagedChannel managed)) {
            return CompletableFuture.completedFuture(null);
        }
        if (managed.getState(false) != ConnectivityState.TRANSIENT_FAILURE) {
            retryFailingReplicas(managed);
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> changed = new CompletableFuture<>();
        managed.notifyWhenStateChanged(ConnectivityState.TRANSIENT_FAILURE, () -> changed.complete(null));
        managed.resetConnectBackoff();
        long bound = Math.max(0, Math.min(wait.toNanos(), allowed.toNanos()));
        return changed.completeOnTimeout(null, bound, TimeUnit.NANOSECONDS);
    }

    /** Resets the backoff of the replicas that are down (a no-op for the others), at most every interval; never waits. */
    private void retryFailingReplicas(ManagedChannel managed) {
        long now = nanoTime.getAsLong();
        long last = lastReset.get();
        if (now - last >= REPLICA_RETRY_INTERVAL.toNanos() && lastReset.compareAndSet(last, now)) {
            managed.resetConnectBackoff();
        }
    }
}
