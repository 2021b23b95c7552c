package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.RetryPolicyTest;
import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
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
        inFlight.interceptCall(new Call<>(RetryPolicyTest.method("overtone.v1.ExecutorService", "Execute")), new Metadata(), (c, h) -> {
            served.set(c);
            return new ServerCall.Listener<>() { };
        });
        assertThat(inFlight.count()).isEqualTo(1);

        served.get().close(Status.OK, new Metadata());
        assertThat(inFlight.count()).isZero();
    }

    @Test
    void aHealthCheckWatchDoesNotCount() {
        inFlight.interceptCall(new Call<>(HealthGrpc.getWatchMethod()), new Metadata(), (c, h) -> new ServerCall.Listener<>() { });

        assertThat(inFlight.count()).isZero();
    }

    private static final class Call<Q, A> extends ServerCall<Q, A> {
        private final MethodDescriptor<Q, A> method;

        Call(MethodDescriptor<Q, A> method) {
            this.method = method;
        }

        @Override
        public void request(int numMessages) {
        }

        @Override
        public void sendHeaders(Metadata headers) {
        }

        @Override
        public void sendMessage(A message) {
        }

        @Override
        public void close(Status status, Metadata trailers) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public Attributes getAttributes() {
            return Attributes.EMPTY;
        }

        @Override
        public MethodDescriptor<Q, A> getMethodDescriptor() {
            return method;
        }
    }
}
