package dev.overtone.clarify.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.BooleanSupplier;

/**
 * Hands a WatchMemory call's {@code isReady} (its transport takes more without buffering) to the service, which the
 * Mutiny stubs do not expose: the service ends the stream of a watcher that stops reading instead of buffering for it.
 */
@GlobalInterceptor
@ApplicationScoped
public class WatchReadiness implements ServerInterceptor {
    private static final String WATCH = "overtone.v1.ClarifyService/WatchMemory";
    private static final Context.Key<BooleanSupplier> READY = Context.key("overtone.watch-ready");

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (!WATCH.equals(call.getMethodDescriptor().getFullMethodName())) {
            return next.startCall(call, headers);
        }
        return Contexts.interceptCall(Context.current().withValue(READY, call::isReady), call, headers, next);
    }

    /** The current WatchMemory call's readiness; always ready where it is not known. */
    static BooleanSupplier current() {
        BooleanSupplier ready = READY.get();
        return ready == null ? () -> true : ready;
    }
}
