package dev.overtone.runtime.memory;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.overtone.runtime.grpc.EchoMethods;
import dev.overtone.runtime.grpc.RetryPolicy;
import dev.overtone.runtime.grpc.StreamResets;
import dev.overtone.runtime.testing.FakeServerCall;
import dev.overtone.runtime.testing.FreePort;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over real grpc-java servers and channels: an answer its caller does not read is held against the replica's bound
 * until its call ends, or until the time limit resets the call; an answer past the bound is refused with a status that
 * says so, and answers read as they come give back what they took.
 */
class UnsentAnswersTest {
    private static final int KIB = 1024;
    private static final String REFUSAL = "a-svc holds as many bytes of answers its callers have not read yet as its bound"
            + " allows (overtone.grpc.unsent-answer-bytes, 1048576 bytes); read each answer as it comes, and retry the call";

    private final UnsentAnswers unsent = new UnsentAnswers(1024 * KIB, Duration.ofMinutes(5), "a-svc");
    private final List<Runnable> cleanup = new ArrayList<>();
    /** Why each call's context was cancelled, as the echo service saw it (null: it ended normally), in call order. */
    private final BlockingQueue<CompletableFuture<Throwable>> cancellations = new LinkedBlockingQueue<>();
    private int port;

    @BeforeEach
    void serve() throws IOException {
        port = serve(unsent);
    }

    /** A server of the echo method behind {@code answers}, its calls resettable; returns its port. */
    private int serve(UnsentAnswers answers) throws IOException {
        int free = FreePort.take();
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", free))
                .addService(ServerInterceptors.intercept(EchoMethods.echo(EchoMethods.EXECUTE, new AtomicInteger(), 0),
                        this::recordCancellation, answers));
        StreamResets.apply(builder);
        Server server = builder.build().start();
        cleanup.add(server::shutdownNow);
        cleanup.add(answers::stop);
        return free;
    }

    @AfterEach
    void stop() {
        cleanup.forEach(Runnable::run);
    }

    @Test
    void anAnswerItsCallerDoesNotReadIsHeldUntilTheCallEnds() {
        ClientCall<byte[], byte[]> stuck = unreadCall(channel(), 600 * KIB, new CompletableFuture<>());
        await().atMost(10, SECONDS).until(() -> unsent.unsent() == 600 * KIB);

        stuck.cancel("the caller gives up", null);

        await().atMost(10, SECONDS).until(() -> unsent.unsent() == 0);
    }

    @Test
    void anAnswerPastTheBoundIsRefusedWhileAnswersThatFitAreSent() throws Exception {
        ManagedChannel stuckCaller = channel();
        unreadCall(stuckCaller, 600 * KIB, new CompletableFuture<>());
        await().atMost(10, SECONDS).until(() -> unsent.unsent() == 600 * KIB);

        CompletableFuture<Status> second = new CompletableFuture<>();
        CompletableFuture<Metadata> secondTrailers = new CompletableFuture<>();
        unreadCall(stuckCaller, 600 * KIB, second, secondTrailers);
        Status refused = second.get(10, SECONDS);
        assertThat(refused.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getDescription()).isEqualTo(REFUSAL);
        assertThat(secondTrailers.get(10, SECONDS).get(RetryPolicy.PUSHBACK)).as("do not retry").isEqualTo("-1");

        ManagedChannel reader = channel();
        assertThat(read(reader, 300 * KIB)).as("600 + 300 KiB fit in 1 MiB").hasSize(300 * KIB);
        assertThatThrownBy(() -> read(reader, 500 * KIB)).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getDescription()).isEqualTo(REFUSAL));
        await().atMost(10, SECONDS).until(() -> unsent.unsent() == 600 * KIB);
    }

    @Test
    void answersReadAsTheyComeGiveBackWhatTheyTook() {
        ManagedChannel reader = channel();
        for (int i = 0; i < 8; i++) {
            assertThat(read(reader, 600 * KIB)).as("eight answers of 600 KiB in turn, one bound of 1 MiB").hasSize(600 * KIB);
        }
        await().atMost(10, SECONDS).until(() -> unsent.unsent() == 0);
    }

    @Test
    void anAnswerNotTakenWithinTheTimeLimitEndsItsCallAndGivesBackItsBytes() throws Exception {
        UnsentAnswers limited = new UnsentAnswers(1024 * KIB, Duration.ofSeconds(1), "a-svc");
        port = serve(limited);
        ManagedChannel caller = channel();
        CompletableFuture<Status> stuck = new CompletableFuture<>();
        ClientCall<byte[], byte[]> call = unreadCall(caller, 600 * KIB, CallOptions.DEFAULT, stuck, new CompletableFuture<>());

        Status seenByTheService = Status.fromThrowable(cancellations.poll(10, SECONDS).get(10, SECONDS));
        assertThat(seenByTheService.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(seenByTheService.getDescription())
                .isEqualTo("the caller did not read its answer within PT1S (overtone.grpc.unsent-answer-time)");
        await().atMost(10, SECONDS).until(() -> limited.unsent() == 0);
        assertThat(read(caller, 900 * KIB)).as("the bound free again, on the same connection").hasSize(900 * KIB);

        call.request(1);
        assertThat(stuck.get(10, SECONDS).getCode()).as("what the caller sees once it reads").isEqualTo(Status.Code.CANCELLED);
    }

    @Test
    void answersTakenWithinTheTimeLimitAreNotReset() throws IOException {
        UnsentAnswers limited = new UnsentAnswers(1024 * KIB, Duration.ofSeconds(1), "a-svc");
        port = serve(limited);
        ManagedChannel reader = channel();
        for (int i = 0; i < 8; i++) {
            assertThat(read(reader, 600 * KIB)).hasSize(600 * KIB);
        }
        await().atMost(10, SECONDS).until(() -> limited.unsent() == 0);
    }

    @Test
    void aNegativeTimeLimitFailsNamingItsKnob() {
        assertThatThrownBy(() -> new UnsentAnswers(1024 * KIB, Duration.ofSeconds(-1), "a-svc"))
                .hasMessage("overtone.grpc.unsent-answer-time is PT-1S; set a positive duration such as 30s, or 0s for no limit");
    }

    @Test
    void aBoundOfZeroIsOff() {
        UnsentAnswers off = new UnsentAnswers(0, Duration.ofSeconds(30), "a-svc");
        FakeServerCall<byte[], byte[]> call = new FakeServerCall<>(EchoMethods.EXECUTE);
        AtomicReference<ServerCall<byte[], byte[]>> served = new AtomicReference<>();
        off.interceptCall(call, new Metadata(), (c, h) -> {
            served.set(c);
            return new ServerCall.Listener<>() { };
        });

        served.get().sendMessage(new byte[600 * KIB]);

        assertThat(call.status()).as("not refused").isEmpty();
        assertThat(off.unsent()).isZero();
    }

    private <Q, A> ServerCall.Listener<Q> recordCancellation(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        CompletableFuture<Throwable> cause = new CompletableFuture<>();
        cancellations.add(cause);
        Context.current().addListener(context -> cause.complete(context.cancellationCause()), Runnable::run);
        return next.startCall(call, headers);
    }

    /** A channel whose calls take at most 64 KiB of an answer they have not asked for (no window auto-tuning). */
    private ManagedChannel channel() {
        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().flowControlWindow(64 * KIB)
                .build();
        cleanup.add(channel::shutdownNow);
        return channel;
    }

    /** A call of {@code bytes} whose answer its caller never asks for; {@code closed} gets its status when it ends. */
    private static ClientCall<byte[], byte[]> unreadCall(ManagedChannel channel, int bytes, CompletableFuture<Status> closed) {
        return unreadCall(channel, bytes, closed, new CompletableFuture<>());
    }

    private static ClientCall<byte[], byte[]> unreadCall(ManagedChannel channel, int bytes, CompletableFuture<Status> closed,
            CompletableFuture<Metadata> trailersAtClose) {
        return unreadCall(channel, bytes, CallOptions.DEFAULT.withDeadlineAfter(30, SECONDS), closed, trailersAtClose);
    }

    private static ClientCall<byte[], byte[]> unreadCall(ManagedChannel channel, int bytes, CallOptions options,
            CompletableFuture<Status> closed, CompletableFuture<Metadata> trailersAtClose) {
        ClientCall<byte[], byte[]> call = channel.newCall(EchoMethods.EXECUTE, options);
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                trailersAtClose.complete(trailers);
                closed.complete(status);
            }
        }, new Metadata());
        call.sendMessage(new byte[bytes]);
        call.halfClose();
        return call;
    }

    private static byte[] read(ManagedChannel channel, int bytes) {
        return ClientCalls.blockingUnaryCall(channel, EchoMethods.EXECUTE, CallOptions.DEFAULT.withDeadlineAfter(10, SECONDS),
                new byte[bytes]);
    }
}
