package dev.overtone.runtime.grpc;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.quarkus.grpc.api.ServerBuilderCustomizer;
import io.quarkus.grpc.runtime.config.GrpcServerConfiguration;
import io.vertx.grpc.VertxServerBuilder;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Lets the service end a call's HTTP/2 stream at once (RST_STREAM), which frees what the transport still holds for
 * it. Closing a call does not: its status goes out behind the answer messages queued before it, and a caller that
 * does not read keeps them all in the server's direct memory. grpc-java resets a stream when the call's context is
 * cancelled as past its deadline; each call gets a context of its own for that, as the ancestor of the one grpc-java
 * gives its handlers ({@code ServerStreamTracer.filterContext}, public API). The caller sees {@code CANCELLED}: a
 * reset carries no message.
 */
@Singleton
public class StreamResets implements ServerBuilderCustomizer<VertxServerBuilder> {
    private static final Context.Key<Context.CancellableContext> RESETTABLE = Context.key("overtone-stream-reset");

    @Override
    public void customize(GrpcServerConfiguration config, VertxServerBuilder builder) {
        apply(builder.nettyBuilder());
    }

    /** Gives each call of a grpc-java server its reset (the separate server's builder, under Vert.x's wrapper). */
    public static void apply(NettyServerBuilder builder) {
        builder.addStreamTracerFactory(new ServerStreamTracer.Factory() {
            @Override
            public ServerStreamTracer newServerStreamTracer(String fullMethodName, Metadata headers) {
                return new ServerStreamTracer() {
                    @Override
                    public Context filterContext(Context context) {
                        Context.CancellableContext resettable = context.withCancellation();
                        return resettable.withValue(RESETTABLE, resettable);
                    }
                };
            }
        });
    }

    /** The reset of the call whose context is current; empty on a server built without these resets. */
    public static Optional<StreamReset> ofCurrentCall() {
        return Optional.ofNullable(RESETTABLE.get()).map(StreamReset::new);
    }

    /** One call's reset. */
    public record StreamReset(Context.CancellableContext context) {
        /** Resets the call's stream; {@code why} is the cause the service's own code sees on its cancelled context. */
        public void reset(String why) {
            context.cancel(Status.DEADLINE_EXCEEDED.withDescription(why).asRuntimeException());
        }
    }
}
