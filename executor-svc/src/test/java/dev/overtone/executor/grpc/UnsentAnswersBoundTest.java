package dev.overtone.executor.grpc;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.runtime.memory.UnsentAnswers;
import dev.overtone.runtime.testing.ConfigProfile;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The replica's bound on answers written and not yet read by their callers (runtime's UnsentAnswers, a global
 * interceptor, and StreamResets; off in this service, whose callers are Overtone's own, and on here at 200,000 bytes
 * and 2 s) in the running service: an answer larger than the whole bound is never sent, and its call ends
 * RESOURCE_EXHAUSTED naming the knob, while a small answer is sent; a caller that sets no deadline and never reads its
 * answer has its call reset, and the replica answers on, on the same connection. What the bound holds and gives back,
 * and when: runtime's UnsentAnswersTest.
 */
@QuarkusTest
@TestProfile(UnsentAnswersBoundTest.SmallBound.class)
class UnsentAnswersBoundTest {

    public static class SmallBound extends ConfigProfile {
        public SmallBound() {
            super(Map.of("overtone.grpc.unsent-answer-bytes", "200000", "overtone.grpc.unsent-answer-time", "2s"));
        }
    }

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    UnsentAnswers unsent;

    /** A caller that takes at most 64 KiB of an answer it has not asked for. */
    private final ManagedChannel narrowCaller = NettyChannelBuilder.forAddress("localhost",
            ConfigProvider.getConfig().getValue("quarkus.grpc.server.test-port", Integer.class))
            .usePlaintext().flowControlWindow(64 * 1024).build();

    @AfterEach
    void close() {
        narrowCaller.shutdownNow();
    }

    @Test
    void anAnswerLargerThanTheBoundIsRefusedNamingItAndASmallOneIsSent() {
        StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class, () -> executor.execute(wide(60)));

        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getStatus().getDescription()).isEqualTo("executor-svc holds as many bytes of answers its callers"
                + " have not read yet as its bound allows (overtone.grpc.unsent-answer-bytes, 200000 bytes); read each answer"
                + " as it comes, and retry the call");
        assertThat(executor.execute(ExecuteRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setSql("SELECT name FROM hotels").build()).getRowsCount()).isPositive();
    }

    @Test
    void aCallWhoseAnswerIsNotReadIsResetAndTheReplicaAnswersOn() throws Exception {
        CompletableFuture<Status> stuck = new CompletableFuture<>();
        ClientCall<ExecuteRequest, ExecuteResponse> call = narrowCaller.newCall(ExecutorServiceGrpc.getExecuteMethod(),
                CallOptions.DEFAULT); // no deadline
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                stuck.complete(status);
            }
        }, new Metadata());
        call.sendMessage(wide(40));
        call.halfClose();

        await().atMost(20, SECONDS).pollInterval(Duration.ofMillis(50)).until(() -> unsent.unsent() > 0);
        await().atMost(20, SECONDS).until(() -> unsent.unsent() == 0);
        call.request(1);
        assertThat(stuck.get(20, SECONDS).getCode()).as("not read for 2 s: reset").isEqualTo(Status.Code.CANCELLED);
        assertThat(ExecutorServiceGrpc.newBlockingStub(narrowCaller).withDeadlineAfter(20, SECONDS).execute(wide(40))
                .getRowsCount()).as("read as it comes").isEqualTo(40);
    }

    /**
     * {@code rows} rows of 4,000 characters, within every other bound: 40 are 160,000 bytes of answer, more than a 64
     * KiB window and the transport's 32 KiB hold; 60 are 240,000, more than the whole bound.
     */
    private static ExecuteRequest wide(int rows) {
        return ExecuteRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setSql("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + rows + ")"
                        + " SELECT hex(zeroblob(2000)) AS cell FROM n").build();
    }
}
