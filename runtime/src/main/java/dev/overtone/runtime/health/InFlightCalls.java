package dev.overtone.runtime.health;

import dev.overtone.runtime.grpc.EndingListener;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthGrpc;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The gRPC calls this service is serving now: a call counts from its arrival until it is closed (answered
 * or failed) or cancelled by its client. {@link Drain} waits for the count to reach zero before the
 * service exits. Every gRPC service of the application gets this interceptor. The health service's calls do not
 * count: each caller's client-side health check ({@link HealthChecking}) holds a Watch open for as long as it is
 * connected, which is no work, would never reach zero by itself, and would inflate the load the autoscaler reads. Nor
 * does clarify-svc's WatchMemory, for the same reasons: each interpreter-svc replica holds one open (clarify-svc ends
 * those streams itself before the drain waits).
 */
@Singleton
@GlobalInterceptor
public class InFlightCalls extends HeldCount implements ServerInterceptor {
    /** A stream held open for as long as its caller runs, not a call being served. */
    private static final String LONG_LIVED = "overtone.v1.ClarifyService/WatchMemory";

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        if (HealthGrpc.SERVICE_NAME.equals(call.getMethodDescriptor().getServiceName())
                || LONG_LIVED.equals(call.getMethodDescriptor().getFullMethodName())) {
            return next.startCall(call, headers);
        }
        AtomicBoolean ended = new AtomicBoolean();
        Runnable end = () -> {
            if (ended.compareAndSet(false, true)) {
                changeBy(-1);
            }
        };
        changeBy(1);
        ServerCall<Q, A> counted = new SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                try {
                    super.close(status, trailers);
                } finally {
                    end.run();
                }
            }
        };
        ServerCall.Listener<Q> listener;
        try {
            listener = next.startCall(counted, headers);
        } catch (RuntimeException e) {
            end.run();
            throw e;
        }
        return new EndingListener<>(listener, end);
    }
}
