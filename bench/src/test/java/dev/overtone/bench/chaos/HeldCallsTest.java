package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Attributes;
import io.grpc.ClientStreamTracer;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The calls a killed interpreter replica held: the streams open on its port at the signal, and what followed. */
class HeldCallsTest {

    private static final int KILLED = 41090;
    private static final int OTHER = 41190;
    private static final int FIRST_CONNECTION = 50_000;
    private static final int NEW_CONNECTION = 51_000;

    private final HeldCalls held = new HeldCalls();

    @Test
    void aKillCountsExactlyTheStreamsOpenOnThatReplicaAtTheSignalAndFollowsHowTheyEnded() {
        ClientStreamTracer answered = streamOn(KILLED);
        answered.streamClosed(Status.OK); // over before the kill: not held
        ClientStreamTracer refusedEarlier = streamOn(KILLED);
        refusedEarlier.streamClosed(Status.UNAVAILABLE); // failed before the kill: not held either
        ClientStreamTracer lost = streamOn(KILLED);
        ClientStreamTracer inTheSocket = streamOn(KILLED);
        ClientStreamTracer elsewhere = streamOn(OTHER);
        held.newClientStreamTracer(ClientStreamTracer.StreamInfo.newBuilder().build(), new Metadata())
                .streamCreated(Attributes.EMPTY, new Metadata()); // never on a connection: no replica held it
        int[] openAtSignal = new int[1];

        HeldCalls.Kill kill = held.kill(KILLED, () -> openAtSignal[0] = held.openOn(KILLED));

        assertThat(kill.held).isEqualTo(2).isEqualTo(openAtSignal[0]);
        lost.streamClosed(Status.UNAVAILABLE.withDescription("io exception"));
        inTheSocket.streamClosed(Status.OK); // its answer had left the process before it died
        elsewhere.streamClosed(Status.UNAVAILABLE);
        ClientStreamTracer dying = streamOn(KILLED); // sent on its connection while the process was still dying
        dying.streamClosed(Status.UNAVAILABLE);
        ClientStreamTracer answeredWhileDying = streamOn(KILLED); // (an answer cannot come then; counted all the same)
        answeredWhileDying.streamClosed(Status.OK);
        long lastAlive = System.nanoTime();
        held.gone(kill, lastAlive);
        while (System.nanoTime() == lastAlive) {
            Thread.onSpinWait(); // the next stream is created after the process was seen gone
        }
        ClientStreamTracer late = streamOn(KILLED); // sent after it was gone, before the channel saw the connection close
        late.streamClosed(Status.UNAVAILABLE);
        streamOn(OTHER).streamClosed(Status.OK);
        streamOn(KILLED, NEW_CONNECTION).streamClosed(Status.OK); // the replica started again on the same port: not counted

        HeldCalls.Counts counts = held.counts(kill);
        assertThat(counts.held()).isEqualTo(2);
        assertThat(counts.heldFailed()).isEqualTo(1);
        assertThat(counts.sentWhileDying()).isEqualTo(2);
        assertThat(counts.sentWhileDyingFailed()).isEqualTo(1);
        assertThat(counts.sentAfterGone()).isEqualTo(1);
        assertThat(counts.sentAfterGoneFailed()).isEqualTo(1);
        assertThat(counts.dyingMillis()).isNotNegative();
        assertThat(held.openOn(KILLED)).isZero();
        assertThat(held.sentTo(KILLED)).isEqualTo(8);
    }

    @Test
    void failedCallsAreWithinWhatTheReplicaHeldOnlyWhenNoMore() {
        // 3 open at the signal, 2 sent while it died (1 failed), 1 sent after it was gone (failed)
        HeldCalls.Counts counts = new HeldCalls.Counts(3, 2, 2, 1, 1, 1, 40);

        assertThat(ChaosRun.heldRow(counts, 5)).containsEntry("held", 5).containsEntry("held_at_signal", 3)
                .containsEntry("failed", 5).containsEntry("failed_within_held", true)
                .containsEntry("failed_within_held_at_signal", false).containsEntry("dying_ms", 40L);
        assertThat(ChaosRun.heldRow(counts, 6)).containsEntry("failed_within_held", false);
        assertThat(ChaosRun.failedCalls(Map.of("failed", Map.of("UNAVAILABLE", 3, "DEADLINE_EXCEEDED", 1)))).isEqualTo(4);
    }

    @Test
    void aKilledProcessIsGoneOnlyOnceItHasExitedAndALivingOneNever() throws Exception {
        Process living = new ProcessBuilder("sleep", "60").start();
        Process killed = new ProcessBuilder("sleep", "60").start();
        try {
            long signal = System.nanoTime();
            killed.destroyForcibly();
            long lastAlive = Replicas.awaitGone(killed.pid(), Duration.ofSeconds(20));
            assertThat(lastAlive).isGreaterThanOrEqualTo(signal);
            // read once: the process may be reaped between a check that its stat exists and the read
            assertThat(statOrGone(killed.pid())).containsPattern("^gone$|\\) [ZX] ");

            Replicas.awaitGone(living.pid(), Duration.ofMillis(100));
            assertThat(living.isAlive()).isTrue();
            // a JVM's main thread a zombie while its other threads still hold the sockets: not gone yet
            assertThat(Replicas.exited("4242 (java) Z 1 4242", 30)).isFalse();
            assertThat(Replicas.exited("4242 (java) Z 1 4242", 1)).isTrue();
            assertThat(Replicas.exited("4242 (java) S 1 4242", 1)).isFalse();
        } finally {
            living.destroyForcibly();
            killed.destroyForcibly();
        }
    }

    private ClientStreamTracer streamOn(int port) {
        return streamOn(port, FIRST_CONNECTION);
    }

    /** A stream on the connection from the bench's local port {@code connection} to the replica's {@code port}. */
    private ClientStreamTracer streamOn(int port, int connection) {
        ClientStreamTracer tracer = held.newClientStreamTracer(ClientStreamTracer.StreamInfo.newBuilder().build(), new Metadata());
        tracer.streamCreated(Attributes.newBuilder().set(Grpc.TRANSPORT_ATTR_REMOTE_ADDR, new InetSocketAddress("localhost", port))
                .set(Grpc.TRANSPORT_ATTR_LOCAL_ADDR, new InetSocketAddress("localhost", connection + port % 100)).build(), new Metadata());
        return tracer;
    }

    private static String statOrGone(long pid) throws java.io.IOException {
        try {
            return Files.readString(Path.of("/proc/" + pid + "/stat"));
        } catch (java.nio.file.NoSuchFileException e) {
            return "gone";
        }
    }
}
