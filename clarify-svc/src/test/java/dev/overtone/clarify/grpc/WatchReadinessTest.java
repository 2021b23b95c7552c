package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.runtime.testing.FakeServerCall;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A WatchMemory call's readiness handed to the service: inside that call it is the call's own (here a call whose
 * transport takes nothing more), inside any other call and outside calls it is "ready".
 */
class WatchReadinessTest {
    private final WatchReadiness interceptor = new WatchReadiness();

    private <Q, A> boolean readyAsTheServiceSeesIt(MethodDescriptor<Q, A> method) {
        AtomicReference<Boolean> seen = new AtomicReference<>();
        ServerCall<Q, A> full = new ForwardingServerCall.SimpleForwardingServerCall<Q, A>(new FakeServerCall<Q, A>(method)) {
            @Override
            public boolean isReady() {
                return false;
            }
        };
        ServerCallHandler<Q, A> service = (call, headers) -> {
            seen.set(WatchReadiness.current().getAsBoolean());
            return new ServerCall.Listener<Q>() {
            };
        };
        interceptor.interceptCall(full, new Metadata(), service);
        return seen.get();
    }

    @Test
    void aWatchMemoryCallSeesItsOwnCallsReadiness() {
        assertThat(readyAsTheServiceSeesIt(ClarifyServiceGrpc.getWatchMemoryMethod())).isFalse();
    }

    @Test
    void anyOtherCallAndNoCallAtAllSeeReady() {
        assertThat(readyAsTheServiceSeesIt(ClarifyServiceGrpc.getStartMethod())).isTrue();
        assertThat(readyAsTheServiceSeesIt(ClarifyServiceGrpc.getRecallMethod())).isTrue();
        assertThat(WatchReadiness.current().getAsBoolean()).isTrue();
    }
}
