package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** Stage calls without a gRPC context to watch in say UNIMPLEMENTED to WatchMemory, so each call asks Remembers instead. */
class StageCallsTest {

    @Test
    void watchingMemoryIsUnimplementedUnlessTheCallsCanWatch() {
        // only the interface's own defaults answer: every downstream call is refused
        StageCalls calls = (StageCalls) Proxy.newProxyInstance(StageCalls.class.getClassLoader(), new Class<?>[] {StageCalls.class},
                (proxy, method, args) -> {
                    if (method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, args);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });

        assertThatThrownBy(calls::watchMemory).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
            assertThat(e.getStatus().getDescription()).isEqualTo("no WatchMemory here");
        });
    }
}
