package dev.overtone.executor.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.service.HeldResults;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.runtime.testing.ConfigProfile;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The replica's bound on result text held for all calls at once (HeldResults), here 100,000 bytes: a result past it is
 * RESOURCE_EXHAUSTED naming the knob, though within its own max_bytes, on both engines, by Execute and ExecuteBatch;
 * what the call took is given back when it ends, and a small result is answered after it.
 */
@QuarkusTest
@TestProfile(HeldResultsBoundTest.SmallHold.class)
class HeldResultsBoundTest {
    /** 40 rows of 4,000 characters: 160,000 bytes, within the default max_bytes (4 MiB). */
    private static final String SQLITE_WIDE = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)"
            + " SELECT hex(zeroblob(2000)) AS cell FROM n";
    private static final String POSTGRES_WIDE = "SELECT repeat('x', 4000) AS cell FROM generate_series(1, 40)";

    public static class SmallHold extends ConfigProfile {
        public SmallHold() {
            super(Map.of("overtone.executor.limits.held-bytes", "100000"));
        }
    }

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;
    @Inject
    HeldResults held;

    @ParameterizedTest
    @CsvSource({"hotels, SQLITE", "hotels-pg, POSTGRES"})
    void aResultPastWhatTheReplicaMayHoldIsRefusedAndWhatItTookIsGivenBack(String database, String engine) {
        String wide = engine.equals("SQLITE") ? SQLITE_WIDE : POSTGRES_WIDE;

        assertRefused(() -> executor.execute(ExecuteRequest.newBuilder().setTenant("demo").setDatabase(database).setSql(wide).build()));
        awaitNothingHeld();
        var batch = executor.executeBatch(ExecuteBatchRequest.newBuilder().setTenant("demo").setDatabase(database)
                .addSqls(wide).addSqls("SELECT name FROM hotels").build());
        assertThat(batch.getResults(0).getFailure().getCode()).isEqualTo(StatusCode.STATUS_CODE_RESOURCE_EXHAUSTED);
        assertThat(batch.getResults(0).getFailure().getMessage()).contains("(overtone.executor.limits.held-bytes, 100000 bytes)");
        assertThat(batch.getResults(1).getResult().getRowsCount()).isPositive();
        awaitNothingHeld();

        List<StatementResult> streamed = new ArrayList<>();
        executor.streamExecuteBatch(ExecuteBatchRequest.newBuilder().setTenant("demo").setDatabase(database)
                .addSqls(wide).addSqls("SELECT name FROM hotels").build()).forEachRemaining(streamed::add);
        assertThat(streamed).filteredOn(r -> r.getStatement() == 0).singleElement()
                .satisfies(r -> assertThat(r.getResult().getFailure().getMessage()).contains("overtone.executor.limits.held-bytes"));
        assertThat(streamed).filteredOn(r -> r.getStatement() == 1).singleElement()
                .satisfies(r -> assertThat(r.getResult().getResult().getRowsCount()).isPositive());
        awaitNothingHeld();

        var small = executor.execute(ExecuteRequest.newBuilder().setTenant("demo").setDatabase(database)
                .setSql("SELECT name FROM hotels").build());
        assertThat(small.getRowsCount()).isPositive();
        awaitNothingHeld();
    }

    private void awaitNothingHeld() {
        await().atMost(Duration.ofSeconds(5)).until(() -> held.held() == 0);
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        StatusRuntimeException refused = catchThrowableOfType(call, StatusRuntimeException.class);
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getStatus().getDescription()).contains("(overtone.executor.limits.held-bytes, 100000 bytes)", "max_bytes");
    }
}
