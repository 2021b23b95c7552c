package dev.overtone.runtime.balancing;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ClientStreamTracer;
import io.grpc.LoadBalancer.PickResult;
import io.grpc.Metadata;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** The calls open on one replica: counted from the stream's start to its close, only for picks with a connection. */
class InFlightTest {
    private static final ClientStreamTracer.StreamInfo STREAM = ClientStreamTracer.StreamInfo.newBuilder().build();

    @Test
    void aPickIsCountedOnItsReplicaWhileItsStreamIsOpen() {
        InFlight calls = new InFlight();
        PickResult pick = calls.counted(PickResult.withSubchannel(new NoSubchannel()));
        ClientStreamTracer first = pick.getStreamTracerFactory().newClientStreamTracer(STREAM, new Metadata());
        pick.getStreamTracerFactory().newClientStreamTracer(STREAM, new Metadata());
        assertThat(calls.open()).isEqualTo(2);
        first.streamClosed(Status.UNAVAILABLE);
        assertThat(calls.open()).isEqualTo(1);
    }

    @Test
    void aPickWithoutAConnectionIsNotAStream() {
        InFlight calls = new InFlight();
        assertThat(calls.counted(PickResult.withNoResult()).getStreamTracerFactory()).isNull();
        assertThat(calls.counted(PickResult.withError(Status.UNAVAILABLE)).getStreamTracerFactory()).isNull();
        assertThat(calls.open()).isZero();
    }

    @Test
    void aPickThatCarriesATracerOfItsOwnIsLeftAsItIs() {
        InFlight calls = new InFlight();
        ClientStreamTracer.Factory own = new ClientStreamTracer.Factory() {
            @Override
            public ClientStreamTracer newClientStreamTracer(ClientStreamTracer.StreamInfo info, Metadata headers) {
                return new ClientStreamTracer() {
                };
            }
        };
        PickResult pick = PickResult.withSubchannel(new NoSubchannel(), own);
        assertThat(calls.counted(pick)).isSameAs(pick);
    }

    @Test
    void theCountedPickKeepsTheSubchannelAndTheAuthority() {
        NoSubchannel subchannel = new NoSubchannel();
        PickResult counted = new InFlight().counted(PickResult.withSubchannel(subchannel, null, "replica-2"));
        assertThat(counted.getSubchannel()).isSameAs(subchannel);
        assertThat(counted.getAuthorityOverride()).isEqualTo("replica-2");
    }
}
