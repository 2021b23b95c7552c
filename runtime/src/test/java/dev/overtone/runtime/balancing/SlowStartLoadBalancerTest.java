package dev.overtone.runtime.balancing;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Attributes;
import io.grpc.ChannelLogger;
import io.grpc.ConnectivityState;
import io.grpc.ConnectivityStateInfo;
import io.grpc.EquivalentAddressGroup;
import io.grpc.LoadBalancer;
import io.grpc.LoadBalancer.CreateSubchannelArgs;
import io.grpc.LoadBalancer.PickResult;
import io.grpc.LoadBalancer.ResolvedAddresses;
import io.grpc.LoadBalancer.Subchannel;
import io.grpc.LoadBalancer.SubchannelPicker;
import io.grpc.LoadBalancer.SubchannelStateListener;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.SynchronizationContext;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The balancer alone, its replicas' connections driven by the test and its clock the test's: the channel's state
 * from its replicas' (connecting, ready, all failing), an idle replica asked to reconnect at once, and a replica's age
 * kept across a blip shorter than {@link SlowStart#NEW_PROCESS_GAP} but begun again after a longer absence.
 */
class SlowStartLoadBalancerTest {
    private static final long WINDOW = TimeUnit.SECONDS.toNanos(10);

    private final AtomicLong now = new AtomicLong();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
    private final Channel channel = new Channel();
    private final SlowStartLoadBalancer balancer = new SlowStartLoadBalancer(channel, now::get);

    @AfterEach
    void stop() {
        channel.sync.execute(balancer::shutdown);
        timers.shutdownNow();
    }

    @Test
    void theChannelIsConnectingUntilAReplicaIsReadyAndFailingOnlyWhileEveryReplicaFails() {
        resolve(2);
        assertThat(channel.state).isEqualTo(ConnectivityState.CONNECTING);
        assertThat(pick().hasResult()).as("a pick while connecting waits").isFalse();

        report(0, ConnectivityStateInfo.forTransientFailure(Status.UNAVAILABLE.withDescription("first down")));
        assertThat(channel.state).as("one replica still connecting").isEqualTo(ConnectivityState.CONNECTING);
        report(1, ConnectivityStateInfo.forTransientFailure(Status.UNAVAILABLE.withDescription("second down")));
        assertThat(channel.state).isEqualTo(ConnectivityState.TRANSIENT_FAILURE);
        assertThat(pick().getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);

        report(0, ConnectivityStateInfo.forNonError(ConnectivityState.READY));
        assertThat(channel.state).isEqualTo(ConnectivityState.READY);
        assertThat(pick().getSubchannel()).isSameAs(channel.subchannels.get(0));
    }

    @Test
    void aReplicaWhoseConnectionWentIdleIsAskedToReconnectAtOnce() {
        resolve(1);
        report(0, ConnectivityStateInfo.forNonError(ConnectivityState.READY));
        int asked = channel.subchannels.get(0).connectionsRequested;

        report(0, ConnectivityStateInfo.forNonError(ConnectivityState.IDLE));

        assertThat(channel.subchannels.get(0).connectionsRequested).isGreaterThan(asked);
    }

    @Test
    void aReplicaBackAfterABlipKeepsItsAgeAndOneBackAfterALongerAbsenceStartsAgain() {
        resolve(2);
        report(0, ConnectivityStateInfo.forNonError(ConnectivityState.READY));
        report(1, ConnectivityStateInfo.forNonError(ConnectivityState.READY));
        now.addAndGet(2 * WINDOW);
        assertThat(sharePickedOf(1, 1000)).as("two replicas past their window").isBetween(499, 501);

        reconnect(1, SlowStart.NEW_PROCESS_GAP.dividedBy(2));
        assertThat(sharePickedOf(1, 1000)).as("back within the gap").isBetween(499, 501);

        reconnect(1, SlowStart.NEW_PROCESS_GAP.multipliedBy(2));
        assertThat(sharePickedOf(1, 1100)).as("back after the gap: weight 0.1 against 1").isBetween(80, 120);
    }

    private void resolve(int replicas) {
        List<EquivalentAddressGroup> addresses = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            addresses.add(new EquivalentAddressGroup(new InetSocketAddress("localhost", 10_000 + i)));
        }
        channel.sync.execute(() -> balancer.acceptResolvedAddresses(ResolvedAddresses.newBuilder().setAddresses(addresses)
                .setLoadBalancingPolicyConfig(new SlowStart(Duration.ofNanos(WINDOW))).build()));
    }

    private void report(int replica, ConnectivityStateInfo state) {
        channel.sync.execute(() -> channel.subchannels.get(replica).listener.onSubchannelState(state));
    }

    /** The replica's connection lost (IDLE, as a closed connection goes) and made again {@code later}. */
    private void reconnect(int replica, Duration later) {
        report(replica, ConnectivityStateInfo.forNonError(ConnectivityState.IDLE));
        report(replica, ConnectivityStateInfo.forNonError(ConnectivityState.CONNECTING));
        now.addAndGet(later.toNanos());
        report(replica, ConnectivityStateInfo.forNonError(ConnectivityState.READY));
    }

    private PickResult pick() {
        return channel.picker.pickSubchannel(null);
    }

    private int sharePickedOf(int replica, int picks) {
        int picked = 0;
        for (int i = 0; i < picks; i++) {
            if (pick().getSubchannel() == channel.subchannels.get(replica)) {
                picked++;
            }
        }
        return picked;
    }

    /** What the balancer sees of its channel: subchannels that connect only when the test says, and its state. */
    private final class Channel extends LoadBalancer.Helper {
        final SynchronizationContext sync = new SynchronizationContext((thread, e) -> {
            throw new AssertionError(e);
        });
        final List<Replica> subchannels = new ArrayList<>();
        ConnectivityState state;
        SubchannelPicker picker;

        @Override
        public Subchannel createSubchannel(CreateSubchannelArgs args) {
            Replica replica = new Replica(args);
            subchannels.add(replica);
            return replica;
        }

        @Override
        public void updateBalancingState(ConnectivityState newState, SubchannelPicker newPicker) {
            state = newState;
            picker = newPicker;
        }

        @Override
        public SynchronizationContext getSynchronizationContext() {
            return sync;
        }

        @Override
        public ScheduledExecutorService getScheduledExecutorService() {
            return timers;
        }

        @Override
        public ChannelLogger getChannelLogger() {
            return new ChannelLogger() {
                @Override
                public void log(ChannelLogLevel level, String message) {
                }

                @Override
                public void log(ChannelLogLevel level, String messageFormat, Object... args) {
                }
            };
        }

        @Override
        public String getAuthority() {
            return "replicas";
        }

        @Override
        public void refreshNameResolution() {
        }

        @Override
        public ManagedChannel createOobChannel(EquivalentAddressGroup eag, String authority) {
            throw new UnsupportedOperationException("no out-of-band channel here");
        }
    }

    /** One replica's connection, its state told to the balancer by the test. */
    private static final class Replica extends Subchannel {
        private final CreateSubchannelArgs args;
        SubchannelStateListener listener;
        int connectionsRequested;

        Replica(CreateSubchannelArgs args) {
            this.args = args;
        }

        @Override
        public void start(SubchannelStateListener listener) {
            this.listener = listener;
        }

        @Override
        public void shutdown() {
        }

        @Override
        public void requestConnection() {
            connectionsRequested++;
        }

        @Override
        public List<EquivalentAddressGroup> getAllAddresses() {
            return args.getAddresses();
        }

        @Override
        public Attributes getAttributes() {
            return args.getAttributes();
        }
    }
}
