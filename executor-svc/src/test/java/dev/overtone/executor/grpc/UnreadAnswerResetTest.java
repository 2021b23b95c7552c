package dev.overtone.executor.grpc;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.runtime.memory.UnsentAnswers;
import dev.overtone.runtime.testing.ConfigProfile;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
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
 * In the running service (runtime's UnsentAnswers and StreamResets, on here with a 2 s limit): a caller that sets no
 * deadline and never reads its answer has its call reset, and the replica goes on answering on the same connection.
 * The limit's own behaviour: runtime's UnsentAnswersTest.
 */
@QuarkusTest
@TestProfile(UnreadAnswerResetTest.ShortUnreadTime.class)
class UnreadAnswerResetTest {
    /** 40 rows of 4,000 characters: 160,000 bytes of answer, past what a 64 KiB window and the transport's 32 KiB take. */
    private static final String WIDE = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)"
            + " SELECT hex(zeroblob(2000)) AS cell FROM n";

    public static class ShortUnreadTime extends ConfigProfile {
        public ShortUnreadTime() {
            super(Map.of("overtone.grpc.unsent-answer-bytes", "1000000", "overtone.grpc.unsent-answer-time", "2s"));
        }
    }

    @Inject
    UnsentAnswers unsent;

    private final ManagedChannel channel = NettyChannelBuilder.forAddress("localhost",
            ConfigProvider.getConfig().getValue("quarkus.grpc.server.test-port", Integer.class))
            .usePlaintext().flowControlWindow(64 * 1024).build();

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    @Test
    void aCallWhoseAnswerIsNotReadIsResetAndTheReplicaAnswersOn() throws Exception {
        CompletableFuture<Status> stuck = new CompletableFuture<>();
        ClientCall<ExecuteRequest, ExecuteResponse> call = channel.newCall(ExecutorServiceGrpc.getExecuteMethod(),
                CallOptions.DEFAULT);
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                stuck.complete(status);
            }
        }, new Metadata());
        call.sendMessage(wide());
        call.halfClose();

        await().atMost(20, SECONDS).pollInterval(Duration.ofMillis(50)).until(() -> unsent.unsent() > 0);
        await().atMost(20, SECONDS).until(() -> unsent.unsent() == 0);
        call.request(1);
        assertThat(stuck.get(20, SECONDS).getCode()).as("no deadline, not read for 2 s: reset").isEqualTo(Status.Code.CANCELLED);
        assertThat(ExecutorServiceGrpc.newBlockingStub(channel).withDeadlineAfter(20, SECONDS).execute(wide()).getRowsCount())
                .as("read as it comes").isEqualTo(40);
    }

    private static ExecuteRequest wide() {
        return ExecuteRequest.newBuilder().setTenant("demo").setDatabase("hotels").setSql(WIDE).build();
    }
}
