package dev.overtone.runtime.grpc;

import static dev.overtone.runtime.grpc.EchoMethods.START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.runtime.testing.FreePort;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerCallHandler;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.smallrye.mutiny.Uni;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client base against a real grpc-java server and channel: the failure each status becomes, the budget, a restart. */
class DownstreamTest {
    /** What each test started (its channel, its servers), stopped after it. */
    private final List<Runnable> started = new ArrayList<>();
    private ManagedChannel channel;

    @AfterEach
    void stopAll() {
        started.forEach(Runnable::run);
    }

    @Test
    void aPeerThatIsDownIsUnavailableNamingTheServiceAndWhereItWasLookedFor() throws Exception {
        Downstream clarify = downstream(FreePort.take());

        assertThatThrownBy(() -> clarify.call("Start", 2_000, () -> start(2_000)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(f.service()).isEqualTo("clarify-svc");
                    assertThat(f.getMessage()).startsWith("clarify-svc is unavailable at " + clarify.address() + ": ");
                });
    }

    @Test
    void aPeerThatDoesNotAnswerInTimeIsDeadlineExceededNamingTheRpcAndTheTime() throws Exception {
        Downstream clarify = downstream(serve(ServerCalls.asyncUnaryCall((request, observer) -> { })).getPort());

        assertThatThrownBy(() -> clarify.call("Start", 200, () -> start(200)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
                    assertThat(f.getMessage()).startsWith("clarify-svc did not answer Start within 200 ms (" + clarify.address() + ")");
                });
    }

    @Test
    void aPeersVerdictOnTheRequestKeepsItsCodeAndWordsAndAFaultInsideItIsUnavailable() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Downstream clarify = downstream(serve(ServerCalls.asyncUnaryCall((request, observer) -> observer.onError((calls.incrementAndGet() == 1
                ? Status.INVALID_ARGUMENT.withDescription("candidate 'a' has no SQL") : Status.INTERNAL.withDescription("boom"))
                .asRuntimeException()))).getPort());

        assertThatThrownBy(() -> clarify.call("Start", 2_000, () -> start(2_000)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(f.getMessage()).isEqualTo("candidate 'a' has no SQL");
                    assertThat(f.aboutTheReading()).isTrue();
                });
        assertThatThrownBy(() -> clarify.call("Start", 2_000, () -> start(2_000)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(f.getMessage()).isEqualTo("clarify-svc failed on Start (INTERNAL): boom");
                    assertThat(f.aboutTheReading()).isFalse();
                });
    }

    @Test
    void aCallWhoseBudgetIsSpentIsNotMade() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Downstream clarify = downstream(serve(ServerCalls.asyncUnaryCall((request, observer) -> {
            calls.incrementAndGet();
            observer.onNext(request);
            observer.onCompleted();
        })).getPort());

        assertThatThrownBy(() -> clarify.call("Start", 0, () -> start(1)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> assertThat(f.getMessage())
                        .isEqualTo("clarify-svc Start was not called: the request's time budget is spent"));
        assertThatThrownBy(() -> clarify.callAsync("Start", 0, () -> startAsync(1)).await().atMost(Duration.ofSeconds(5)))
                .isInstanceOf(DownstreamFailure.class);
        assertThat(calls).hasValue(0);
    }

    @Test
    void anAsyncCallFailsTheSameWayAndReachesAPeerRestartedAfterItsChannelFailed() throws Exception {
        int port = FreePort.take();
        Downstream clarify = downstream(port);
        assertThatThrownBy(() -> clarify.callAsync("Start", 2_000, () -> startAsync(2_000)).await().atMost(Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> assertThat(f.getMessage())
                        .startsWith("clarify-svc is unavailable at localhost:" + port));

        Server restarted = EchoMethods.serve(port, START, new AtomicInteger(), 0);
        started.add(restarted::shutdownNow);

        byte[] answer = clarify.callAsync("Start", 5_000, () -> startAsync(5_000)).await().atMost(Duration.ofSeconds(10));
        assertThat(answer).containsExactly(3);
    }

    private Downstream downstream(int port) {
        channel = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        started.add(channel::shutdownNow);
        return new Downstream("clarify-svc", "localhost:" + port, channel);
    }

    private byte[] start(long timeoutMs) {
        return ClientCalls.blockingUnaryCall(channel, START, options(timeoutMs), new byte[] {3});
    }

    private Uni<byte[]> startAsync(long timeoutMs) {
        return Uni.createFrom().future(() -> ClientCalls.futureUnaryCall(channel.newCall(START, options(timeoutMs)), new byte[] {3}));
    }

    private static CallOptions options(long timeoutMs) {
        return CallOptions.DEFAULT.withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }

    private Server serve(ServerCallHandler<byte[], byte[]> handler) throws Exception {
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", FreePort.take()))
                .addService(ServerServiceDefinition.builder(START.getServiceName()).addMethod(START, handler).build()).build().start();
        started.add(server::shutdownNow);
        return server;
    }
}
