package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.testing.FakeServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;
import io.grpc.health.v1.HealthGrpc;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A call counts from its arrival until it closes; a caller's health-check Watch, held open while it is connected, never does. */
class InFlightCallsTest {

    private final InFlightCalls inFlight = new InFlightCalls();

    @Test
    void aCallCountsUntilItIsClosed() {
        AtomicReference<ServerCall<byte[], byte[]>> served = new AtomicReference<>();
        inFlight.interceptCall(new FakeServerCall<>(EchoMethods.EXECUTE), new Metadata(), (c, h) -> {
            served.set(c);
            return new ServerCall.Listener<>() { };
        });
        assertThat(inFlight.count()).isEqualTo(1);

        served.get().close(Status.OK, new Metadata());
        assertThat(inFlight.count()).isZero();
    }

    @Test
    void aHealthCheckWatchDoesNotCount() {
        inFlight.interceptCall(new FakeServerCall<>(HealthGrpc.getWatchMethod()), new Metadata(), (c, h) -> new ServerCall.Listener<>() { });

        assertThat(inFlight.count()).isZero();
    }
}
