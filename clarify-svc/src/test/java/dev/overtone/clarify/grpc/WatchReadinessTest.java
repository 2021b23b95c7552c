package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.runtime.testing.FakeServerCall;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** A WatchMemory call's readiness reaches the service through the call's context; every other call is always ready. */
class WatchReadinessTest {

    @Test
    void aWatchMemoryCallSeesItsTransportsReadiness() {
        assertThat(readinessSeenBy(ClarifyServiceGrpc.getWatchMemoryMethod(), false).getAsBoolean()).isFalse();
        assertThat(readinessSeenBy(ClarifyServiceGrpc.getWatchMemoryMethod(), true).getAsBoolean()).isTrue();
    }

    @Test
    void anyOtherCallAndCodeOutsideACallAreAlwaysReady() {
        assertThat(readinessSeenBy(ClarifyServiceGrpc.getRecallMethod(), false).getAsBoolean()).isTrue();
        assertThat(WatchReadiness.current().getAsBoolean()).isTrue();
    }

    /** What {@link WatchReadiness#current()} gives the service's handler of a call whose transport is (not) ready. */
    private static <Q, A> BooleanSupplier readinessSeenBy(MethodDescriptor<Q, A> method, boolean transportReady) {
        ServerCall<Q, A> call = new ForwardingServerCall.SimpleForwardingServerCall<>(new FakeServerCall<>(method)) {
            @Override
            public boolean isReady() {
                return transportReady;
            }
        };
        BooleanSupplier[] seen = new BooleanSupplier[1];
        new WatchReadiness().interceptCall(call, new Metadata(), (started, headers) -> {
            seen[0] = WatchReadiness.current();
            return new ServerCall.Listener<>() {
            };
        });
        return seen[0];
    }
}
