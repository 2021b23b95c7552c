package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Attributes;
import io.grpc.ClientStreamTracer;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.Status;
import java.net.InetSocketAddress;
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
        ClientStreamTracer late = streamOn(KILLED); // sent on the dead connection before the channel saw it close
        late.streamClosed(Status.UNAVAILABLE);
        streamOn(OTHER).streamClosed(Status.OK);
        streamOn(KILLED, NEW_CONNECTION).streamClosed(Status.OK); // the replica started again on the same port: not counted

        assertThat(held.counts(kill)).isEqualTo(new HeldCalls.Counts(2, 1, 1, 1));
        assertThat(held.openOn(KILLED)).isZero();
        assertThat(held.sentTo(KILLED)).isEqualTo(6);
    }

    @Test
    void failedCallsAreWithinWhatTheReplicaHeldOnlyWhenNoMore() {
        HeldCalls.Counts counts = new HeldCalls.Counts(3, 2, 1, 1);

        assertThat(ChaosRun.heldRow(counts, 3)).containsEntry("held", 3).containsEntry("failed", 3)
                .containsEntry("failed_within_held", true);
        assertThat(ChaosRun.heldRow(counts, 4)).containsEntry("failed_within_held", false);
        assertThat(ChaosRun.failedCalls(Map.of("failed", Map.of("UNAVAILABLE", 3, "DEADLINE_EXCEEDED", 1)))).isEqualTo(4);
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
}
