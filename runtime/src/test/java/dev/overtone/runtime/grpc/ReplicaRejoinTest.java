package dev.overtone.runtime.grpc;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A replica that was down while its channel served calls through another one: its connection's backoff grows while
 * it is down, and the calls that flow reset it (at most every {@link ReconnectAfterRestart#REPLICA_RETRY_INTERVAL}),
 * so once it is back it rejoins the rotation within about that, not when the backoff would have ended (seconds).
 */
class ReplicaRejoinTest {

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

    private void callThrough(ReconnectAfterRestart reconnect) {
        reconnect.beforeCall(Duration.ofSeconds(1));
        replicas.call();
    }
}
