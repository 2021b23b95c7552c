package dev.overtone.runtime.balancing;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ClientStreamTracer;
import io.grpc.LoadBalancer.FixedResultPicker;
import io.grpc.LoadBalancer.PickResult;
import io.grpc.LoadBalancer.SubchannelPicker;
import io.grpc.Metadata;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The share of calls a replica gets over its slow start, on a clock of the test's: draws spread evenly over [0, 1) give
 * each replica exactly its weight's share.
 */
class SlowStartPickerTest {

    private static final SlowStart TEN_SECONDS = new SlowStart(Duration.ofSeconds(10), true);
    private static final long WARM = -TimeUnit.SECONDS.toNanos(60);

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger draw = new AtomicInteger();
    private final AtomicInteger draws = new AtomicInteger(1);
    private final InFlight[] inFlight = {new InFlight(), new InFlight()};

    @Test
    void aReplicaThatHasJustBecomeReadyGetsTheMinimumWeightsShare() {
        assertThat(shareOfYoung(picker(WARM, 0), 1100)).as("0.1 / (1 + 0.1) of 1100 calls").isEqualTo(100);
    }

    @Test
    void itsShareGrowsWithItsAgeAndIsFullAtTheEndOfTheWindow() {
        SlowStartPicker picker = picker(WARM, 0);
        now.set(TimeUnit.SECONDS.toNanos(5));
        assertThat(shareOfYoung(picker, 1500)).as("weight 0.5 against 1: a third").isEqualTo(500);
        now.set(TimeUnit.SECONDS.toNanos(10));
        assertThat(shareOfYoung(picker, 1000)).as("past the window: in turn, half").isEqualTo(500);
    }

    @Test
    void aYoungReplicaHoldingMoreThanItsShareOfTheOpenCallsGetsNoneUntilItAnswers() {
        SlowStartPicker picker = picker(WARM, 0);
        now.set(TimeUnit.SECONDS.toNanos(5));
        List<ClientStreamTracer> slow = open(1, 1);
        open(0, 2);
        assertThat(shareOfYoung(picker, 1500)).as("1 open of 3: within a third of them plus one, its share (a third)")
                .isEqualTo(500);
        List<ClientStreamTracer> slower = open(1, 1);
        assertThat(shareOfYoung(picker, 1500)).as("2 open, its share of 4 plus one is 2.33: still within").isEqualTo(500);
        open(1, 1);
        assertThat(shareOfYoung(picker, 1500)).as("3 open of 5: over its share, every call goes to the warm one").isZero();
        slow.forEach(stream -> stream.streamClosed(Status.OK));
        slower.forEach(stream -> stream.streamClosed(Status.OK));
        assertThat(inFlight[1].open()).isEqualTo(1);
        assertThat(shareOfYoung(picker, 1500)).as("it answered two: its share again").isEqualTo(500);
    }

    @Test
    void withTheCapOffAYoungReplicaGetsItsWeightsShareHoweverManyCallsItHoldsAndNoPickIsCounted() {
        PickResult connected = PickResult.withSubchannel(new NoSubchannel());
        SlowStartPicker picker = new SlowStartPicker(List.of(new FixedResultPicker(connected), new FixedResultPicker(connected)),
                new long[] {WARM, 0}, inFlight, new SlowStart(Duration.ofSeconds(10), false), now::get,
                () -> (draw.getAndIncrement() + 0.5) / draws.get(), new AtomicInteger());
        now.set(TimeUnit.SECONDS.toNanos(5));
        open(1, 3);
        open(0, 2);
        assertThat(shareOfYoung(picker, 1500)).isEqualTo(500);
        assertThat(picker.pickSubchannel(null)).as("the pick as the replica's own picker gave it").isSameAs(connected);
    }

    @Test
    void withTheCapOnEveryPickIsCountedOnItsReplica() {
        SlowStartPicker picker = new SlowStartPicker(List.of(new FixedResultPicker(PickResult.withSubchannel(new NoSubchannel()))),
                new long[] {0}, new InFlight[] {inFlight[0]}, TEN_SECONDS, now::get, () -> 0.5, new AtomicInteger());
        picker.pickSubchannel(null).getStreamTracerFactory().newClientStreamTracer(STREAM, new Metadata());
        assertThat(inFlight[0].open()).isEqualTo(1);
    }

    @Test
    void aBusyWarmReplicaIsNotCappedNorDoesItRaiseTheYoungOnesShare() {
        SlowStartPicker picker = picker(WARM, 0);
        open(0, 50);
        assertThat(shareOfYoung(picker, 1100)).as("the warm one holds all 50 open calls: the young one still gets 0.1 / 1.1")
                .isEqualTo(100);
    }

    @Test
    void replicasPastTheWindowAreTakenInTurn() {
        SlowStartPicker picker = picker(WARM, WARM);
        int first = picker.next();
        assertThat(List.of(picker.next(), picker.next(), picker.next())).containsExactly(1 - first, first, 1 - first);
    }

    @Test
    void twoReplicasThatJoinedTogetherShareEqually() {
        assertThat(shareOfYoung(picker(0, 0), 1000)).isEqualTo(500);
    }

    private static final ClientStreamTracer.StreamInfo STREAM = ClientStreamTracer.StreamInfo.newBuilder().build();

    /** {@code count} calls opened on {@code replica}, as grpc-java opens a stream on the replica a pick named. */
    private List<ClientStreamTracer> open(int replica, int count) {
        PickResult pick = inFlight[replica].counted(PickResult.withSubchannel(new NoSubchannel()));
        List<ClientStreamTracer> streams = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            streams.add(pick.getStreamTracerFactory().newClientStreamTracer(STREAM, new Metadata()));
        }
        return streams;
    }

    /** Replica 0 became ready at {@code first}, replica 1 (the young one) at {@code second}. */
    private SlowStartPicker picker(long first, long second) {
        List<SubchannelPicker> replicas = List.of(new FixedResultPicker(PickResult.withNoResult()),
                new FixedResultPicker(PickResult.withNoResult()));
        return new SlowStartPicker(replicas, new long[] {first, second}, inFlight, TEN_SECONDS, now::get,
                () -> (draw.getAndIncrement() + 0.5) / draws.get(), new AtomicInteger());
    }

    /** How many of {@code calls} picks go to replica 1, with draws spread evenly over [0, 1). */
    private int shareOfYoung(SlowStartPicker picker, int calls) {
        draw.set(0);
        draws.set(calls);
        int young = 0;
        for (int call = 0; call < calls; call++) {
            young += picker.next();
        }
        return young;
    }
}
