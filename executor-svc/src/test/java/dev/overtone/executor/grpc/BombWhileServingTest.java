package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * While one statement of a tenant works its whole time limit on PostgreSQL, the same tenant's
 * ordinary statements are answered, and the long one ends within its limit plus a second.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class BombWhileServingTest {
    /** How long the test waits to see the bomb running: its start (connection, session set-up) can take seconds under load. */
    private static final long SEEN_RUNNING_MS = 5_000;
    /** How long the ordinary statements may take together, once the bomb is seen running. */
    private static final long SERVING_MS = 5_000;
    /**
     * The bomb's limit runs from when the server took the call, before it is seen running: it covers the whole wait to
     * see it and the ordinary statements' time after, so those are answered while it still runs however slow its start.
     */
    private static final long BOMB_LIMIT_MS = SEEN_RUNNING_MS + SERVING_MS;
    /** A cross join of ten copies of an 8-row table: 8^10 rows to count, no function at all. */
    private static final String BOMB = "SELECT count(*) FROM hotels a, hotels b, hotels c, hotels d, hotels e,"
            + " hotels f, hotels g, hotels h, hotels i, hotels j";

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Test
    void ordinaryStatementsAreAnsweredWhileABombRunsAndTheBombEndsInTime() throws Exception {
        // the test's first call opens the channel and the database's first pooled connection: seconds on a loaded
        // machine (load 21: 4.4 s to the server, 2 s more to PostgreSQL), which are not the bomb's to wait for
        ordinaryStatement(0, Duration.ofSeconds(30));
        CompletableFuture<Status> bomb = CompletableFuture.supplyAsync(() -> {
            try {
                executor.execute(execute("demo", "hotels-pg", BOMB,
                        Limits.newBuilder().setTimeoutMs(BOMB_LIMIT_MS).build()));
                return Status.OK;
            } catch (StatusRuntimeException e) {
                return e.getStatus();
            }
        });
        // the limit is the executor's, from when it took the call, so the bomb's time is counted from when it is seen running
        await("the bomb runs on the server").atMost(Duration.ofMillis(SEEN_RUNNING_MS)).pollInterval(Duration.ofMillis(20))
                .until(BombWhileServingTest::bombIsRunning);
        long running = System.nanoTime();

        for (int i = 0; i < 12; i++) {
            ordinaryStatement(i, Duration.ofMillis(SERVING_MS));
        }
        assertThat(bombIsRunning()).as("the ordinary statements were answered while the bomb still ran").isTrue();
        assertThat(bomb).as("the bomb was not answered before the ordinary statements").isNotDone();

        Status ended = bomb.get(BOMB_LIMIT_MS + 1_000, TimeUnit.MILLISECONDS);
        long tookMs = (System.nanoTime() - running) / 1_000_000;
        assertThat(ended.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(tookMs).as("the bomb ended within its limit and a second").isLessThan(BOMB_LIMIT_MS + 1_000);
        await("the server stopped the bomb").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> !bombIsRunning());
    }

    private void ordinaryStatement(int i, Duration deadline) {
        ExecuteResponse answer = executor.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .execute(execute("demo", "hotels-pg", "SELECT name, stars FROM hotels WHERE stars >= " + (i % 5)));
        assertThat(answer.getRowsCount()).isPositive();
    }

    private static boolean bombIsRunning() throws Exception {
        try (Connection admin = TenantDatabasesResource.admin("postgres"); Statement st = admin.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE datname = '"
                        + PostgresTenant.DEMO.database() + "' AND state = 'active' AND query LIKE '%hotels j%'")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }
}
