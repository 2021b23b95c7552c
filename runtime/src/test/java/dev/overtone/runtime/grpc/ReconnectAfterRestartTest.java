package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When a call resets the channel's reconnect backoff, and how long it waits for the attempt. */
class ReconnectAfterRestartTest {
    private final AtomicLong now = new AtomicLong();

    /** A channel in a state the test sets, counting backoff resets and holding the one state watcher. */
    private static final class StatedChannel extends ManagedChannel {
        volatile ConnectivityState state;
        final AtomicInteger resets = new AtomicInteger();
        volatile Runnable watcher;

        StatedChannel(ConnectivityState state) {
            this.state = state;
        }

        @Override
        public ConnectivityState getState(boolean requestConnection) {
            return state;
        }

        @Override
        public void notifyWhenStateChanged(ConnectivityState source, Runnable callback) {
            watcher = callback;
        }

        @Override
        public void resetConnectBackoff() {
            resets.incrementAndGet();
        }

        @Override
        public ManagedChannel shutdown() {
            return this;
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public ManagedChannel shutdownNow() {
            return this;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }

        @Override
        public <Q, A> ClientCall<Q, A> newCall(MethodDescriptor<Q, A> method, CallOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String authority() {
            return "test";
        }
    }

    @Test
    void aFailingChannelHasItsBackoffResetAndTheCallWaitsForTheAttemptsOutcome() {
        StatedChannel channel = new StatedChannel(ConnectivityState.TRANSIENT_FAILURE);
        // a wait far longer than the test, so "no outcome yet" cannot race the bound
        CompletableFuture<Void> waited = new ReconnectAfterRestart(channel, now::get, Duration.ofMinutes(10))
                .attempt(Duration.ofMinutes(10)).toCompletableFuture();
        assertThat(channel.resets).hasValue(1);
        assertThat(waited).as("no outcome yet").isNotDone();
        channel.state = ConnectivityState.READY;
        channel.watcher.run();
        assertThat(waited).isDone();
    }

    @Test
    void aFailingChannelIsWaitedForAtMostTheCallsTimeAndTheBound() {
        StatedChannel channel = new StatedChannel(ConnectivityState.TRANSIENT_FAILURE);
        ReconnectAfterRestart reconnect = new ReconnectAfterRestart(channel, now::get, ReconnectAfterRestart.DEFAULT_WAIT);
        assertThat(reconnect.attempt(Duration.ZERO).toCompletableFuture()).succeedsWithin(Duration.ofSeconds(5));
        long start = System.nanoTime();
        reconnect.beforeCall(Duration.ofMinutes(1));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the attempt never ended: the default bound holds")
                .isGreaterThanOrEqualTo(ReconnectAfterRestart.DEFAULT_WAIT).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void aChannelThatIsNotFailingHasItsReplicasRetriedAtMostOnceAnIntervalWithoutWaiting() {
        StatedChannel channel = new StatedChannel(ConnectivityState.READY);
        ReconnectAfterRestart reconnect = new ReconnectAfterRestart(channel, now::get, ReconnectAfterRestart.DEFAULT_WAIT);
        assertThat(reconnect.attempt(Duration.ofMinutes(1)).toCompletableFuture()).isDone();
        assertThat(channel.resets).as("the first call resets").hasValue(1);
        now.addAndGet(ReconnectAfterRestart.REPLICA_RETRY_INTERVAL.toNanos() - 1);
        reconnect.attempt(Duration.ofMinutes(1));
        assertThat(channel.resets).as("within the interval").hasValue(1);
        now.addAndGet(1);
        reconnect.attempt(Duration.ofMinutes(1));
        assertThat(channel.resets).hasValue(2);
        assertThat(channel.watcher).as("nothing waited for").isNull();
    }

    @Test
    void aChannelThatIsNotAManagedOneIsLeftAlone() {
        StatedChannel failing = new StatedChannel(ConnectivityState.TRANSIENT_FAILURE);
        io.grpc.Channel plain = new io.grpc.Channel() {
            @Override
            public <Q, A> ClientCall<Q, A> newCall(MethodDescriptor<Q, A> method, CallOptions options) {
                return failing.newCall(method, options);
            }

            @Override
            public String authority() {
                return failing.authority();
            }
        };
        assertThat(new ReconnectAfterRestart(plain, now::get, ReconnectAfterRestart.DEFAULT_WAIT).attempt(Duration.ofMinutes(1)).toCompletableFuture()).isDone();
        assertThat(failing.resets).hasValue(0);
    }
}
