package dev.overtone.runtime.balancing;

import io.grpc.LoadBalancer.PickResult;
import io.grpc.LoadBalancer.PickSubchannelArgs;
import io.grpc.LoadBalancer.SubchannelPicker;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Picks among the ready replicas: in turn (round robin) once every one of them is past its slow-start window, and
 * by draws weighted with {@link SlowStart#weight} while one is still young. Each replica is the picker of its own
 * child balancer (grpc-java's pick_first), as in grpc-java's round_robin.
 */
final class SlowStartPicker extends SubchannelPicker {

    private final List<SubchannelPicker> replicas;
    private final long[] readySince;
    private final long allWarmAt;
    private final SlowStart slowStart;
    private final LongSupplier nanoTime;
    private final DoubleSupplier random;
    private final AtomicInteger sequence;

    /** {@code readySince[i]}: the {@code nanoTime} at which {@code replicas.get(i)} became ready. */
    SlowStartPicker(List<SubchannelPicker> replicas, long[] readySince, SlowStart slowStart, LongSupplier nanoTime,
            DoubleSupplier random, AtomicInteger sequence) {
        if (replicas.isEmpty() || replicas.size() != readySince.length) {
            throw new IllegalArgumentException("a picker needs one ready time per replica, and at least one replica");
        }
        this.replicas = List.copyOf(replicas);
        this.readySince = readySince.clone();
        this.allWarmAt = Arrays.stream(readySince).max().orElseThrow() + slowStart.window().toNanos();
        this.slowStart = slowStart;
        this.nanoTime = nanoTime;
        this.random = random;
        this.sequence = sequence;
    }

    @Override
    public PickResult pickSubchannel(PickSubchannelArgs args) {
        return replicas.get(next()).pickSubchannel(args);
    }

    /** The index of the replica the next call goes to. */
    int next() {
        long now = nanoTime.getAsLong();
        if (replicas.size() == 1 || now - allWarmAt >= 0) {
            return Math.floorMod(sequence.getAndIncrement(), replicas.size());
        }
        double[] weights = new double[replicas.size()];
        double total = 0;
        for (int i = 0; i < weights.length; i++) {
            weights[i] = slowStart.weight(now - readySince[i]);
            total += weights[i];
        }
        double point = random.getAsDouble() * total;
        for (int i = 0; i < weights.length - 1; i++) {
            point -= weights[i];
            if (point < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SlowStartPicker that && replicas.equals(that.replicas) && Arrays.equals(readySince, that.readySince);
    }

    @Override
    public int hashCode() {
        return replicas.hashCode() * 31 + Arrays.hashCode(readySince);
    }

    @Override
    public String toString() {
        return "SlowStartPicker" + replicas;
    }
}
