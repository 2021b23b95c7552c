package dev.overtone.runtime.balancing;

import io.grpc.ConnectivityState;
import io.grpc.Status;
import io.grpc.LoadBalancer.PickResult;
import io.grpc.LoadBalancer.SubchannelPicker;
import io.grpc.util.MultiChildLoadBalancer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * grpc-java's {@code round_robin} (one pick_first child per replica, an IDLE one asked to reconnect at once) with slow
 * start: a replica that has just become ready (connected and, with health checking, SERVING) gets a share of the
 * calls that grows over {@link SlowStart#window()} ({@link SlowStartPicker}). Written as round_robin is, on grpc-java's
 * {@link MultiChildLoadBalancer}; this class only notes when each replica joined the rotation.
 */
final class SlowStartLoadBalancer extends MultiChildLoadBalancer {

    private static final double GOLDEN_RATIO_CONJUGATE = (Math.sqrt(5) - 1) / 2;

    private SlowStart slowStart = new SlowStart(Duration.ZERO);
    private final LongSupplier nanoTime;
    private final AtomicInteger sequence = new AtomicInteger(ThreadLocalRandom.current().nextInt());
    private final AtomicLong draws = new AtomicLong(ThreadLocalRandom.current().nextInt(1 << 20));
    private final Map<Object, Long> readySince = new HashMap<>();
    private final Map<Object, Absence> absent = new HashMap<>();
    private final Map<Object, InFlight> inFlight = new HashMap<>();
    private SubchannelPicker currentPicker;

    /** A replica out of the rotation since {@code leftAt}; it had been in it since {@code wasReadySince}. */
    private record Absence(long leftAt, long wasReadySince) {
    }

    SlowStartLoadBalancer(Helper helper, LongSupplier nanoTime) {
        super(helper);
        this.nanoTime = nanoTime;
    }

    @Override
    public Status acceptResolvedAddresses(ResolvedAddresses resolved) {
        if (resolved.getLoadBalancingPolicyConfig() instanceof SlowStart configured) {
            slowStart = configured;
        }
        return super.acceptResolvedAddresses(resolved);
    }

    @Override
    protected void updateOverallBalancingState() {
        long now = nanoTime.getAsLong();
        List<ChildLbState> ready = getReadyChildren();
        noteReadiness(ready, now);
        if (!ready.isEmpty()) {
            long[] since = ready.stream().mapToLong(child -> readySince.get(child.getKey())).toArray();
            update(ConnectivityState.READY, picker(ready, since));
            return;
        }
        boolean connecting = getChildLbStates().stream().map(ChildLbState::getCurrentState)
                .anyMatch(state -> state == ConnectivityState.CONNECTING || state == ConnectivityState.IDLE);
        if (connecting) {
            update(ConnectivityState.CONNECTING, new FixedResultPicker(PickResult.withNoResult()));
        } else {
            // Every replica failing: their pickers in turn, each giving its own error, as round_robin does.
            Collection<ChildLbState> all = getChildLbStates();
            long[] warm = new long[all.size()];
            Arrays.fill(warm, now - slowStart.window().toNanos());
            update(ConnectivityState.TRANSIENT_FAILURE, picker(all, warm));
        }
    }

    private SubchannelPicker picker(Collection<ChildLbState> children, long[] since) {
        List<SubchannelPicker> pickers = new ArrayList<>(children.size());
        List<InFlight> calls = new ArrayList<>(children.size());
        children.forEach(child -> {
            pickers.add(child.getCurrentPicker());
            calls.add(inFlight.computeIfAbsent(child.getKey(), key -> new InFlight()));
        });
        return new SlowStartPicker(pickers, since, calls.toArray(InFlight[]::new), slowStart, nanoTime, this::nextDraw, sequence);
    }

    /**
     * The fractional parts of n times the golden ratio: a sequence spread evenly over [0, 1) (low discrepancy), so every
     * replica gets its weight's share of a few dozen calls already, as round robin gives equal shares, where random
     * draws would stray (two replicas that joined together would not split 50 / 50 within a short test).
     */
    private double nextDraw() {
        double x = draws.getAndIncrement() * GOLDEN_RATIO_CONJUGATE;
        return x - Math.floor(x);
    }

    private void noteReadiness(List<ChildLbState> ready, long now) {
        Set<Object> readyKeys = new HashSet<>();
        ready.forEach(child -> readyKeys.add(child.getKey()));
        readySince.entrySet().removeIf(entry -> {
            boolean left = !readyKeys.contains(entry.getKey());
            if (left) {
                absent.put(entry.getKey(), new Absence(now, entry.getValue()));
            }
            return left;
        });
        for (Object key : readyKeys) {
            readySince.computeIfAbsent(key, joined -> {
                Absence absence = absent.remove(joined);
                boolean blip = absence != null && now - absence.leftAt() < SlowStart.NEW_PROCESS_GAP.toNanos();
                return blip ? absence.wasReadySince() : now;
            });
        }
        Set<Object> known = new HashSet<>();
        getChildLbStates().forEach(child -> known.add(child.getKey()));
        absent.keySet().retainAll(known);
        inFlight.keySet().retainAll(known);
    }

    private void update(ConnectivityState state, SubchannelPicker picker) {
        if (state != currentConnectivityState || !picker.equals(currentPicker)) {
            getHelper().updateBalancingState(state, picker);
            currentConnectivityState = state;
            currentPicker = picker;
        }
    }

    @Override
    protected ChildLbState createChildLbState(Object key) {
        return new ChildLbState(key, pickFirstLbProvider) {
            @Override
            protected ChildLbStateHelper createChildHelper() {
                return new ChildLbStateHelper() {
                    @Override
                    public void updateBalancingState(ConnectivityState newState, SubchannelPicker newPicker) {
                        super.updateBalancingState(newState, newPicker);
                        // As round_robin: a replica whose connection went IDLE (a GOAWAY) is reconnected at once.
                        if (!resolvingAddresses && newState == ConnectivityState.IDLE) {
                            getLb().requestConnection();
                        }
                    }
                };
            }
        };
    }
}
