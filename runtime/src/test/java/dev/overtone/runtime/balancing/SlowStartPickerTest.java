package dev.overtone.runtime.balancing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.grpc.LoadBalancer.FixedResultPicker;
import io.grpc.LoadBalancer.PickResult;
import io.grpc.LoadBalancer.SubchannelPicker;
import java.time.Duration;
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

    private static final SlowStart TEN_SECONDS = new SlowStart(Duration.ofSeconds(10));
    private static final long WARM = -TimeUnit.SECONDS.toNanos(60);

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger draw = new AtomicInteger();
    private final AtomicInteger draws = new AtomicInteger(1);

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
    void replicasPastTheWindowAreTakenInTurn() {
        SlowStartPicker picker = picker(WARM, WARM);
        int first = picker.next();
        assertThat(List.of(picker.next(), picker.next(), picker.next())).containsExactly(1 - first, first, 1 - first);
    }

    @Test
    void twoReplicasThatJoinedTogetherShareEqually() {
        assertThat(shareOfYoung(picker(0, 0), 1000)).isEqualTo(500);
    }

    @Test
    void theWeightRampsLinearlyFromTheMinimum() {
        assertThat(TEN_SECONDS.weight(0)).isEqualTo(SlowStart.MIN_WEIGHT);
        assertThat(TEN_SECONDS.weight(TimeUnit.MILLISECONDS.toNanos(500))).isEqualTo(SlowStart.MIN_WEIGHT);
        assertThat(TEN_SECONDS.weight(TimeUnit.SECONDS.toNanos(3))).isCloseTo(0.3, offset(1e-9));
        assertThat(TEN_SECONDS.weight(TimeUnit.SECONDS.toNanos(11))).isEqualTo(1.0);
        assertThatThrownBy(() -> new SlowStart(Duration.ofSeconds(-1))).hasMessageContaining("must not be negative");
    }

    /** Replica 0 became ready at {@code first}, replica 1 (the young one) at {@code second}. */
    private SlowStartPicker picker(long first, long second) {
        List<SubchannelPicker> replicas = List.of(new FixedResultPicker(PickResult.withNoResult()),
                new FixedResultPicker(PickResult.withNoResult()));
        return new SlowStartPicker(replicas, new long[] {first, second}, TEN_SECONDS, now::get,
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
