package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A replica that was down while its channel served calls through another one: its connection's backoff grows while
 * it is down, and the calls that flow reset it (at most every {@link ReconnectAfterRestart#REPLICA_RETRY_INTERVAL}),
 * so once it is back it rejoins the rotation within about that, not when the backoff would have ended (seconds).
 */
class ReplicaRejoinTest {

    private static final MethodDescriptor<byte[], byte[]> EXECUTE = RetryPolicyTest.method("overtone.v1.ExecutorService", "Execute");

    @RegisterExtension
    final ReplicaServers replicas = new ReplicaServers(EXECUTE);

    @Test
    void aReplicaBackAfterALongAbsenceRejoinsWhileCallsFlowNotAfterItsBackoff() throws Exception {
        AtomicInteger a = new AtomicInteger();
        Server first = replicas.serve(a);
        int port = first.getPort();
        ManagedChannel channel = Replicas.balancedChannel(port, replicas.serve(new AtomicInteger()).getPort());
        replicas.connect(channel);
        ReconnectAfterRestart reconnect = new ReconnectAfterRestart(channel);
        callThrough(reconnect);
        first.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);

        // Down for 6 s while the other replica serves: grpc-java's backoff (1 s, then 1.6 times longer, +-20 %) has grown to
        // 3-5 s by now, so without the resets the replica would be tried again only 1.5 s or more after it is back.
        long downUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
        while (System.nanoTime() < downUntil) {
            callThrough(reconnect);
            Thread.sleep(20);
        }
        AtomicInteger back = new AtomicInteger();
        replicas.serve(port, back, builder -> { });

        await().atMost(Duration.ofMillis(1200)).pollInterval(Duration.ofMillis(20)).untilAsserted(() -> {
            callThrough(reconnect);
            assertThat(back).as("calls the replica took since it came back").hasPositiveValue();
        });
    }

    @Test
    void aChannelThatIsNotFailingHasItsReplicasBackoffResetAtMostEveryInterval() {
        AtomicLong now = new AtomicLong(0);
        CountingChannel channel = new CountingChannel(ConnectivityState.READY);
        ReconnectAfterRestart reconnect = new ReconnectAfterRestart(channel, now::get);
        long interval = ReconnectAfterRestart.REPLICA_RETRY_INTERVAL.toNanos();

        reconnect.beforeCall(Duration.ofSeconds(1));
        reconnect.beforeCall(Duration.ofSeconds(1));
        now.addAndGet(interval - 1);
        reconnect.beforeCall(Duration.ofSeconds(1));
        assertThat(channel.resets).as("resets within the first interval").hasValue(1);

        now.addAndGet(1);
        reconnect.beforeCall(Duration.ofSeconds(1));
        reconnect.beforeCall(Duration.ofSeconds(1));
        assertThat(channel.resets).as("resets once the interval has passed").hasValue(2);
    }

    private void callThrough(ReconnectAfterRestart reconnect) {
        reconnect.beforeCall(Duration.ofSeconds(1));
        replicas.call();
    }

    /** A channel in one state that counts the resets of its backoff; it makes no call. */
    private static final class CountingChannel extends ManagedChannel {
        final AtomicInteger resets = new AtomicInteger();
        private final ConnectivityState state;

        CountingChannel(ConnectivityState state) {
            this.state = state;
        }

        @Override
        public ConnectivityState getState(boolean requestConnection) {
            return state;
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
            throw new UnsupportedOperationException("makes no call");
        }

        @Override
        public String authority() {
            return "counting";
        }
    }
}
