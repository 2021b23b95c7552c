package dev.overtone.executor.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.runtime.testing.ConfigProfile;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The replica's bound on answers written and not yet read by their callers (runtime's UnsentAnswers, a global
 * interceptor; off in this service, whose callers are Overtone's own, and on here at 10,000 bytes): an answer larger
 * than the whole bound is never sent, and its call ends RESOURCE_EXHAUSTED naming the knob, while a small answer is
 * sent. What a stuck caller holds, and gives back: runtime's UnsentAnswersTest.
 */
@QuarkusTest
@TestProfile(UnsentAnswersBoundTest.SmallBound.class)
class UnsentAnswersBoundTest {
    /** 40 rows of 4,000 characters: 160,000 bytes of answer, within every other bound. */
    private static final String WIDE = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)"
            + " SELECT hex(zeroblob(2000)) AS cell FROM n";

    public static class SmallBound extends ConfigProfile {
        public SmallBound() {
            super(Map.of("overtone.grpc.unsent-answer-bytes", "10000"));
        }
    }

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Test
    void anAnswerLargerThanTheBoundIsRefusedNamingItAndASmallOneIsSent() {
        StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class, () -> executor.execute(
                ExecuteRequest.newBuilder().setTenant("demo").setDatabase("hotels").setSql(WIDE).build()));

        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getStatus().getDescription()).isEqualTo("executor-svc holds as many bytes of answers its callers"
                + " have not read yet as its bound allows (overtone.grpc.unsent-answer-bytes, 10000 bytes); read each answer"
                + " as it comes, and retry the call");
        assertThat(executor.execute(ExecuteRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setSql("SELECT name FROM hotels").build()).getRowsCount()).isPositive();
    }
}
