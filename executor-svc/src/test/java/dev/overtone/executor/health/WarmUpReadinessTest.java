package dev.overtone.executor.health;

import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import dev.overtone.runtime.testing.ScrapedMetrics;
import dev.overtone.runtime.testing.WarmUpSettings;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;


import static dev.overtone.runtime.testing.ScrapedMetrics.label;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * With warm-up on (as in production): readiness is 503 until the real warm-up has run, 200 after, and the warm-up's
 * statements went through the service's own gRPC server and its engines: every round on the scratch SQLite database,
 * and one statement on the first PostgreSQL tenant database. The scratch database is the warm-up's alone: a caller
 * naming its tenant is told there is no such tenant.
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(WarmUpSettings.everyRound("overtone.executor", 2), GatedWarmUpExample.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Readiness.assertReadyOnlyAfterWarmUp("executor-svc", GatedWarmUpExample.GATE::open);

        assertThat(ScrapedMetrics.servedOk("StreamExecuteBatch")).isEqualTo(2.0);
        assertThat(statements("overtone-warm-up", "scratch")).as("2 rounds of 8 batched statements and 1 Execute")
                .isEqualTo(18.0);
        assertThat(statements("demo", "hotels-pg")).as("the PostgreSQL step, on the first PostgreSQL database")
                .isEqualTo(1.0);

        // the scratch database answered the warm-up's own calls, and is no caller's, by any RPC
        assertUnknownTenant(() -> executor.execute(ExecuteRequest.newBuilder()
                .setTenant("overtone-warm-up").setDatabase("scratch").setSql("SELECT name FROM hotels").build()));
        assertUnknownTenant(() -> executor.executeBatch(ExecuteBatchRequest.newBuilder()
                .setTenant("overtone-warm-up").setDatabase("scratch").addSqls("SELECT name FROM hotels").build()));
        assertUnknownTenant(() -> executor.streamExecuteBatch(ExecuteBatchRequest.newBuilder()
                .setTenant("overtone-warm-up").setDatabase("scratch").addSqls("SELECT name FROM hotels").build()).hasNext());
        assertUnknownTenant(() -> executor.describe(DescribeRequest.newBuilder()
                .setTenant("overtone-warm-up").setDatabase("scratch").build()));
    }

    private static void assertUnknownTenant(ThrowingCallable call) {
        StatusRuntimeException refused = catchThrowableOfType(call, StatusRuntimeException.class);
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(refused.getStatus().getDescription()).isEqualTo("unknown tenant 'overtone-warm-up'");
    }

    private static double statements(String tenant, String database) {
        return ScrapedMetrics.sum("overtone_executor_statements_total", label("database", database), label("tenant", tenant));
    }
}
