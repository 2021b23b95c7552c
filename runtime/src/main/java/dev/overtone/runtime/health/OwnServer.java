package dev.overtone.runtime.health;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.NettyChannelBuilder;
import io.quarkus.runtime.LaunchMode;
import org.eclipse.microprofile.config.ConfigProvider;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A plaintext channel to this service's own gRPC server, so a warm-up sends its example the way a
 * client does: through the transport, the message codecs and the service's handler, which a call on
 * the service bean would leave cold for the first real request. Every call on {@link #channel()}
 * waits for the server to open its port and is bounded by {@link #CALL_BOUND}.
 */
public final class OwnServer implements AutoCloseable {

    /**
     * How long one warm-up call may wait and run. Generous: the server may still be opening its port,
     * and a cold JVM on a loaded node is many times slower than a warm one.
     */
    public static final Duration CALL_BOUND = Duration.ofSeconds(60);

    private static final String PORT_KEY = "quarkus.grpc.server.port";
    private static final String TEST_PORT_KEY = "quarkus.grpc.server.test-port";

    private final ManagedChannel managed;
    private final Channel channel;

    private OwnServer(int port) {
        this.managed = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        this.channel = new BoundedCalls(managed);
    }

    /** A channel to the port this service's gRPC server listens on (its test port under {@code @QuarkusTest}). */
    public static OwnServer connect() {
        String key = LaunchMode.current() == LaunchMode.TEST ? TEST_PORT_KEY : PORT_KEY;
        int port = ConfigProvider.getConfig().getOptionalValue(key, Integer.class)
                .orElseThrow(() -> new IllegalStateException("warm-up cannot reach this service's own gRPC server: " + key + " is not set"));
        return new OwnServer(port);
    }

    public Channel channel() {
        return channel;
    }

    @Override
    public void close() {
        managed.shutdownNow();
        try {
            managed.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Gives every call wait-for-ready and its own {@link #CALL_BOUND} deadline, or the caller's when that is sooner. */
    private static final class BoundedCalls extends Channel {
        private final Channel delegate;

        BoundedCalls(Channel delegate) {
            this.delegate = delegate;
        }

        @Override
        public <Q, A> ClientCall<Q, A> newCall(MethodDescriptor<Q, A> method, CallOptions options) {
            Deadline bound = Deadline.after(CALL_BOUND.toMillis(), TimeUnit.MILLISECONDS);
            Deadline asked = options.getDeadline();
            return delegate.newCall(method, options.withWaitForReady().withDeadline(asked != null && asked.isBefore(bound) ? asked : bound));
        }

        @Override
        public String authority() {
            return delegate.authority();
        }
    }
}
