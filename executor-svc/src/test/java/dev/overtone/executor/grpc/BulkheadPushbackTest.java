package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.TenantBulkhead;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.runtime.grpc.RetryPolicy;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bulkhead as a replica left alone in a rolling restart meets it (issue 33): its queue holds what the chaos
 * bench's 16 concurrent questions put in flight on one replica, and a call refused for a full queue tells its caller
 * when to retry (grpc-retry-pushback-ms), while one refused for its deadline says not to.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class BulkheadPushbackTest {
    private static final long LONG_WAIT = 30_000_000_000L;

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    TenantBulkhead bulkhead;

    @Inject
    ExecutorConfig config;

    private final List<UniEmitter<? super Object>> held = new CopyOnWriteArrayList<>();

    @AfterEach
    void release() {
        held.forEach(e -> e.complete(null)); // the waiters then take the slots, run and finish
        held.clear();
    }

    @Test
    void oneReplicaQueuesEveryStatementOfSixteenConcurrentQuestions() {
        String tenant = "sixteen-questions"; // the bulkhead's own: no other test's statement in its slots
        hold(tenant, bulkhead.limit());
        int questions = 16;
        // each question's batch has max-concurrent statements in flight, and a Describe
        assertThat(queue(tenant, questions * bulkhead.limit() + questions)).as("refused").isZero();
    }

    @Test
    void aFullQueueRefusesWithThePushbackAndADeadlineWithout() {
        hold("demo", bulkhead.limit());
        assertThat(queue("demo", config.bulkhead().maxQueued())).isZero();

        StatusRuntimeException full = refusal(20_000);
        assertThat(full.getStatus().getDescription()).contains("overtone.executor.bulkhead.max-queued")
                .endsWith("; retry after " + config.bulkhead().retryPushback().toMillis() + " ms");
        assertThat(full.getTrailers().get(RetryPolicy.PUSHBACK))
                .isEqualTo(Long.toString(config.bulkhead().retryPushback().toMillis()));

        release();
        hold("demo", bulkhead.limit());
        StatusRuntimeException late = refusal(300);
        assertThat(late.getStatus().getDescription()).contains("no slot freed before the call's time limit")
                .endsWith("; retry later or give the call more time");
        assertThat(late.getTrailers().get(RetryPolicy.PUSHBACK)).isEqualTo("-1");
    }

    private StatusRuntimeException refusal(long timeoutMillis) {
        StatusRuntimeException[] refused = new StatusRuntimeException[1];
        assertThatThrownBy(() -> executor.execute(execute("demo", "hotels", "SELECT 1",
                Limits.newBuilder().setTimeoutMs(timeoutMillis).build())))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> refused[0] = e);
        assertThat(refused[0].getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        return refused[0];
    }

    /**
     * Takes {@code count} slots of the tenant until the test ends, and waits (at most 30 s) until it has them all: a
     * statement an earlier test left running (a bomb ends at its limit) holds its slot until then.
     */
    private void hold(String tenant, int count) {
        for (int i = 0; i < count; i++) {
            bulkhead.run(tenant, System.nanoTime() + LONG_WAIT, () -> Uni.createFrom().emitter(held::add)).subscribe()
                    .with(x -> { }, e -> { });
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> held.size() == count && bulkhead.queued(tenant) == 0);
    }

    /** Queues {@code count} statements of the tenant behind the held slots; returns how many were refused. */
    private int queue(String tenant, int count) {
        AtomicInteger refused = new AtomicInteger();
        for (int i = 0; i < count; i++) {
            bulkhead.run(tenant, System.nanoTime() + LONG_WAIT, () -> Uni.createFrom().item(1)).subscribe()
                    .with(x -> { }, e -> refused.incrementAndGet());
        }
        return refused.get();
    }
}
