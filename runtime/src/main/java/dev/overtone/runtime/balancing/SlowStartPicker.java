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
 * by draws weighted with {@link SlowStart#weight} while one is still young. A young replica takes a drawn call only
 * while it holds no more than its weight's share of the calls open on all of them, plus one ({@link InFlight}); else
 * the call goes to the replica that holds the fewest for its weight. Each replica is the picker of its own child
 * balancer (grpc-java's pick_first), as in grpc-java's round_robin.
 * <p>
 * Why the cap: a weight sets the share of the calls a replica is sent, not of those it holds. A cold replica answered
 * its first calls in 3 to 5 s at load 30 (warm: 3 to 20 ms), so the 1 to 7 calls a second its weight gave it piled up on
 * it, each holding an Interpret, up to all 16 of the chaos bench's (bench/README, "chaos", round 6). Capped, it held 3 to 8 instead of all 16 and the warm one kept serving; but on two shared cores the young
 * one's own first calls then got less CPU and took longer, and p99 during events did not fall, so the cap is off unless
 * configured ({@link SlowStart#capOpenCalls()}).
 */
final class SlowStartPicker extends SubchannelPicker {

    private final List<SubchannelPicker> replicas;
    private final InFlight[] inFlight;
    private final long[] readySince;
    private final long allWarmAt;
    private final SlowStart slowStart;
    private final LongSupplier nanoTime;
    private final DoubleSupplier random;
    private final AtomicInteger sequence;

    /**
     * {@code readySince[i]}: the {@code nanoTime} at which {@code replicas.get(i)} became ready; {@code inFlight[i]}: the
     * calls open on it.
     */
    SlowStartPicker(List<SubchannelPicker> replicas, long[] readySince, InFlight[] inFlight, SlowStart slowStart,
            LongSupplier nanoTime, DoubleSupplier random, AtomicInteger sequence) {
        if (replicas.isEmpty() || replicas.size() != readySince.length || replicas.size() != inFlight.length) {
            throw new IllegalArgumentException("a picker needs one ready time and one count per replica, and at least one replica");
        }
        this.replicas = List.copyOf(replicas);
        this.inFlight = inFlight.clone();
        this.readySince = readySince.clone();
        this.allWarmAt = Arrays.stream(readySince).max().orElseThrow() + slowStart.window().toNanos();
        this.slowStart = slowStart;
        this.nanoTime = nanoTime;
        this.random = random;
        this.sequence = sequence;
    }

    @Override
    public PickResult pickSubchannel(PickSubchannelArgs args) {
        int replica = next();
        PickResult pick = replicas.get(replica).pickSubchannel(args);
        // Counted only for the cap: without it every call goes out as round_robin sends it, no tracer added.
        return slowStart.capOpenCalls() ? inFlight[replica].counted(pick) : pick;
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
        int drawn = draw(weights, total);
        return withinItsShare(drawn, weights, total) ? drawn : leastHeldForItsWeight(weights, drawn);
    }

    private int draw(double[] weights, double total) {
        double point = random.getAsDouble() * total;
        for (int i = 0; i < weights.length - 1; i++) {
            point -= weights[i];
            if (point < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /** A warm replica always; a young one while it holds fewer than its weight's share of the open calls, plus one. */
    private boolean withinItsShare(int replica, double[] weights, double total) {
        if (weights[replica] >= 1 || !slowStart.capOpenCalls()) {
            return true;
        }
        int open = 0;
        for (InFlight replicaCalls : inFlight) {
            open += replicaCalls.open();
        }
        return inFlight[replica].open() < 1 + weights[replica] / total * open;
    }

    private int leastHeldForItsWeight(double[] weights, int except) {
        int best = except;
        double fewest = Double.MAX_VALUE;
        for (int i = 0; i < weights.length; i++) {
            double held = inFlight[i].open() / weights[i];
            if (i != except && held < fewest) {
                best = i;
                fewest = held;
            }
        }
        return best;
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
