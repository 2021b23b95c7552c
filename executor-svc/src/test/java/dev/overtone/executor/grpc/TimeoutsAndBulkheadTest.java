package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.assertStatus;
import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.service.TenantBulkhead;
import dev.overtone.executor.support.BulkheadSlots;
import dev.overtone.executor.support.OnEachEngine;
import dev.overtone.executor.support.Runaway;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.subscription.UniEmitter;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Execute's time limits (its own and the gRPC deadline) and the per-tenant bulkhead, over gRPC on both engines. */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class TimeoutsAndBulkheadTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    TenantBulkhead bulkhead;

    @OnEachEngine
    void aRunawayStatementIsCancelledAtItsTimeout(String database) {
        long start = System.nanoTime();
        assertStatus(() -> executor.execute(execute("demo", database, Runaway.SQL,
                Limits.newBuilder().setTimeoutMs(300).build())), Status.Code.DEADLINE_EXCEEDED, "300 ms");
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(300 + 100 + 300);
        // the service (and its pool) is fine afterwards
        assertThat(executor.execute(execute("demo", database, "SELECT 1")).getRowsCount()).isEqualTo(1);
    }

    @OnEachEngine
    void theGrpcDeadlineLowersTheTimeout(String database) {
        assertStatus(() -> executor.withDeadlineAfter(400, TimeUnit.MILLISECONDS).execute(execute("demo", database,
                Runaway.SQL, Limits.newBuilder().setTimeoutMs(30_000).build())), Status.Code.DEADLINE_EXCEEDED, "");
        // the bulkhead is free again only when the server really stopped the statement
        awaitBulkheadFree("demo", 2_000);
    }

    @Test
    void aFullBulkheadRefusesWithTheLimitInTheMessage() {
        List<UniEmitter<? super Object>> held = new ArrayList<>();
        try {
            int refused = hold("demo", bulkhead.limit(), held);
            assertThat(refused).isZero();
            // it waits for a slot within its time limit, then is refused naming the limit
            assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT 1",
                    Limits.newBuilder().setTimeoutMs(300).build())),
                    Status.Code.RESOURCE_EXHAUSTED, "max-concurrent=" + bulkhead.limit());
            // another tenant is not affected
            assertThat(executor.execute(execute("other", "crm", "SELECT 1")).getRowsCount()).isEqualTo(1);
        } finally {
            held.forEach(e -> e.complete(null));
        }
        assertThat(executor.execute(execute("demo", "hotels", "SELECT 1")).getRowsCount()).isEqualTo(1);
    }

    @OnEachEngine
    void callsBeyondTheBulkheadWaitForASlotWithinTheirDeadline(String database) throws Exception {
        List<UniEmitter<? super Object>> held = new ArrayList<>();
        int waiting = 2 * bulkhead.limit();
        List<java.util.concurrent.CompletableFuture<ExecuteResponse>> calls = new ArrayList<>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(waiting);
        try {
            assertThat(hold("demo", bulkhead.limit(), held)).isZero();
            for (int i = 0; i < waiting; i++) {
                calls.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> executor.execute(execute("demo",
                        database, "SELECT count(*) FROM hotels", Limits.newBuilder().setTimeoutMs(20_000).build())),
                        pool));
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (bulkhead.queued("demo") < waiting) {
                assertThat(System.nanoTime()).as("all calls queue behind the full bulkhead").isLessThan(deadline);
                Thread.sleep(10);
            }
            held.forEach(e -> e.complete(null));
            held.clear();
            for (var call : calls) {
                assertThat(call.get(20, TimeUnit.SECONDS).getRows(0).getCells(0).getText()).isEqualTo("8");
            }
        } finally {
            held.forEach(e -> e.complete(null));
            pool.shutdownNow();
        }
    }

    private int hold(String tenant, int count, List<UniEmitter<? super Object>> held) {
        return BulkheadSlots.hold(bulkhead, tenant, count, held);
    }

    private void awaitBulkheadFree(String tenant, long millis) {
        await("the timed-out statement gives its bulkhead slot back").atMost(Duration.ofMillis(millis))
                .pollInterval(Duration.ofMillis(20)).until(() -> BulkheadSlots.inUse(bulkhead, tenant) == 0);
    }
}
