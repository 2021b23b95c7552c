package dev.overtone.runtime.grpc;

import static dev.overtone.runtime.grpc.EchoMethods.EXECUTE;
import static dev.overtone.runtime.grpc.EchoMethods.START;
import static dev.overtone.runtime.grpc.EchoMethods.echo;
import static dev.overtone.runtime.grpc.EchoMethods.serve;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.runtime.testing.FreePort;
import dev.overtone.runtime.testing.GrpcCleanup;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The policy against a real grpc-java server and channel: what is retried, what is not, and a restart. */
class RetryPolicyTest {

    @RegisterExtension
    final GrpcCleanup started = new GrpcCleanup();

    /**
     * UNAVAILABLE: the peer is going away; UNKNOWN "channel closed": how grpc-java reports a call whose connection
     * closed under its write (a killed peer).
     */
    static Stream<Status> transientFailures() {
        return Stream.of(Status.UNAVAILABLE.withDescription("going away"), Status.UNKNOWN.withDescription("channel closed"));
    }

    @ParameterizedTest
    @MethodSource("transientFailures")
    void anIdempotentCallIsRetriedOnceAfterATransientFailure(Status failure) throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ManagedChannel channel = retryingChannel(start(echo(EXECUTE, attempts, 1, failure)));

        byte[] answer = ClientCalls.blockingUnaryCall(channel, EXECUTE, deadline(), new byte[] {1});

        assertThat(answer).containsExactly(1);
        assertThat(attempts).hasValue(2);
    }

    @Test
    void aCallIsRetriedTwiceAndAThirdFailureIsReported() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ManagedChannel twice = retryingChannel(start(echo(EXECUTE, attempts, 2)));
        assertThat(ClientCalls.blockingUnaryCall(twice, EXECUTE, deadline(), new byte[] {3})).containsExactly(3);
        assertThat(attempts).hasValue(3);

        // Now three failures in a row: the last one is the call's.
        attempts.set(0);
        Server thrice = start(echo(EXECUTE, attempts, 3));
        ManagedChannel channel = retryingChannel(thrice);
        Downstream executor = new Downstream("executor-svc", "localhost:" + thrice.getPort(), channel);
        assertThatThrownBy(() -> executor.call("Execute", 5_000,
                () -> ClientCalls.blockingUnaryCall(channel, EXECUTE, deadline(), new byte[] {4})))
                .isInstanceOf(DownstreamFailure.class)
                .hasMessage("executor-svc is unavailable at localhost:" + thrice.getPort() + ": going away");
        assertThat(attempts).hasValue(3);
    }

    @Test
    void aRefusalWithAPushbackIsRetriedAfterIt() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ManagedChannel channel = retryingChannel(start(echo(EXECUTE, attempts, 1, refused(300))));

        long start = System.nanoTime();
        assertThat(ClientCalls.blockingUnaryCall(channel, EXECUTE, deadline(), new byte[] {2})).containsExactly(2);
        assertThat(attempts).hasValue(2);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the retry waited for the server's pushback")
                .isGreaterThanOrEqualTo(Duration.ofMillis(300));

        // a server that keeps refusing sees the call maxAttempts times, no more
        assertThat(attemptsOf(EXECUTE, refused(10))).isEqualTo(RetryPolicy.DEFAULT.maxAttempts());
    }

    @Test
    void aRefusalThatSaysDoNotRetryOrNothingIsNotRetriedNorACallThatWrites() throws Exception {
        assertThat(attemptsOf(EXECUTE, refused(-1))).isEqualTo(1);
        assertThat(attemptsOf(EXECUTE, Status.RESOURCE_EXHAUSTED.withDescription("too big").asRuntimeException()))
                .isEqualTo(1);
        assertThat(attemptsOf(START, refused(10))).isEqualTo(1);
    }

    /** How many attempts one call of {@code method} made against a server that refuses every call with {@code refusal}. */
    private int attemptsOf(MethodDescriptor<byte[], byte[]> method, StatusRuntimeException refusal) throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ManagedChannel calls = retryingChannel(start(echo(method, attempts, Integer.MAX_VALUE, refusal)));
        assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(calls, method, deadline(), new byte[] {1}))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
        return attempts.get();
    }

    private static StatusRuntimeException refused(long pushbackMillis) {
        Metadata trailers = new Metadata();
        trailers.put(RetryPolicy.PUSHBACK, Long.toString(pushbackMillis));
        return Status.RESOURCE_EXHAUSTED.withDescription("queue full").asRuntimeException(trailers);
    }

    @Test
    void aCallThatWritesIsNotRetried() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ManagedChannel channel = retryingChannel(start(echo(START, attempts, 1)));

        assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, START, deadline(), new byte[] {1}))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
        assertThat(attempts).hasValue(1);
    }

    @Test
    void theFirstCallAfterAPeerRestartReachesIt() throws Exception {
        Server server = start(echo(EXECUTE, new AtomicInteger(), 0));
        int port = server.getPort();
        ManagedChannel calls = retryingChannel(server);
        ReconnectAfterRestart reconnect = new ReconnectAfterRestart(calls);
        assertThat(ClientCalls.blockingUnaryCall(calls, EXECUTE, deadline(), new byte[] {7})).containsExactly(7);

        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        // The peer is down: the channel fails and enters its reconnect backoff (1 s or more in grpc-java).
        assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(calls, EXECUTE, deadline(), new byte[] {7}))
                .isInstanceOf(StatusRuntimeException.class);

        started.register(serve(port, EXECUTE, new AtomicInteger(), 0));
        reconnect.beforeCall(Duration.ofSeconds(5));
        assertThat(ClientCalls.blockingUnaryCall(calls, EXECUTE, deadline(), new byte[] {9})).containsExactly(9);
    }

    private static CallOptions deadline() {
        return CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS);
    }

    /** {@code service} served on a free port until the test ends. */
    private Server start(ServerServiceDefinition service) throws IOException {
        return started.register(NettyServerBuilder.forAddress(new InetSocketAddress("localhost", FreePort.take()))
                .addService(service).build().start());
    }

    /** A channel to {@code server} with the default retry policy, open until the test ends. */
    private ManagedChannel retryingChannel(Server server) {
        return started.register(NettyChannelBuilder.forAddress("localhost", server.getPort()).usePlaintext()
                .defaultServiceConfig(RetryPolicy.DEFAULT.serviceConfig()).enableRetry().build());
    }
}
