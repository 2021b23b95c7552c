package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.runtime.testing.ConfigStub;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two statements of a tenant at a time, one more waiting: who runs, who waits, who is turned away, and when. */
class TenantBulkheadTest {
    private static final Duration PUSHBACK = Duration.ofMillis(250);
    private static final long LONG_WAIT = TimeUnit.SECONDS.toNanos(30);

    private final TenantBulkhead bulkhead = new TenantBulkhead(ConfigStub.of(ExecutorConfig.class, Map.of("bulkhead",
            ConfigStub.of(ExecutorConfig.Bulkhead.class, Map.of("maxConcurrent", 2, "maxQueued", 1, "retryPushback", PUSHBACK)))));
    private final List<CompletableFuture<String>> statements = new ArrayList<>();

    @AfterEach
    void finishEverything() {
        statements.forEach(s -> s.complete("finished by the test"));
        bulkhead.close();
    }

    /** A statement that runs until the test finishes it; {@code started} tells whether the bulkhead let it start. */
    private record Call(AtomicReference<String> result, AtomicReference<Throwable> failure, CompletableFuture<Void> started,
                        Cancellable subscription) {
    }

    private Call call(String tenant, long waitNanos) {
        CompletableFuture<String> statement = new CompletableFuture<>();
        statements.add(statement);
        CompletableFuture<Void> started = new CompletableFuture<>();
        AtomicReference<String> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Cancellable subscription = bulkhead.run(tenant, System.nanoTime() + waitNanos, () -> {
            started.complete(null);
            return Uni.createFrom().completionStage(statement);
        }).subscribe().with(result::set, failure::set);
        return new Call(result, failure, started, subscription);
    }

    /** Two statements of tenant demo that run until the test finishes them. */
    private void occupyBothSlots() {
        call("demo", LONG_WAIT);
        call("demo", LONG_WAIT);
    }

    private void occupyBothSlotsAndTheQueue() {
        occupyBothSlots();
        call("demo", LONG_WAIT);
    }

    private void finish(int statement) {
        statements.get(statement).complete("row " + statement);
    }

    @Test
    void aCallBeyondTheLimitWaitsAndStartsWhenASlotFrees() {
        Call first = call("demo", LONG_WAIT);
        Call second = call("demo", LONG_WAIT);
        Call third = call("demo", LONG_WAIT);

        assertThat(first.started()).isDone();
        assertThat(second.started()).isDone();
        assertThat(third.started()).isNotDone();
        assertThat(bulkhead.queued("demo")).isEqualTo(1);

        finish(0);
        await().atMost(Duration.ofSeconds(5)).until(() -> third.started().isDone());
        assertThat(first.result()).hasValue("row 0");
        assertThat(bulkhead.queued("demo")).isZero();
    }

    @Test
    void aFullQueueTurnsTheNextCallAwayAtOnceWithAPushback() {
        occupyBothSlotsAndTheQueue();
        Call fourth = call("demo", LONG_WAIT);

        assertThat(fourth.started()).isNotDone();
        assertThat(fourth.failure().get()).isInstanceOf(RetryAfter.class)
                .hasMessageContaining("tenant 'demo' already runs 2 statements")
                .hasMessageContaining("overtone.executor.bulkhead.max-queued")
                .hasMessageContaining("retry after 250 ms");
        assertThat(((RetryAfter) fourth.failure().get()).retryPushbackMillis()).isEqualTo(250);
    }

    @Test
    void aWaitingCallFailsWhenItsTimeRunsOutAndLeavesTheQueue() {
        occupyBothSlots();
        Call late = call("demo", TimeUnit.SECONDS.toNanos(1));

        await().atMost(Duration.ofSeconds(5)).until(() -> late.failure().get() != null);
        assertThat(late.started()).isNotDone();
        assertThat(((SandboxException) late.failure().get()).code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(late.failure().get()).hasMessageContaining("no slot freed before the call's time limit");
        assertThat(bulkhead.queued("demo")).isZero();
    }

    @Test
    void aCallWithNoTimeLeftIsRefusedRatherThanQueued() {
        occupyBothSlots();
        Call now = call("demo", 0);

        assertThat(now.failure().get()).isInstanceOf(SandboxException.class).isNotInstanceOf(RetryAfter.class)
                .hasMessageContaining("retry later or give the call more time");
        assertThat(bulkhead.queued("demo")).isZero();
    }

    @Test
    void aCancelledStatementKeepsItsSlotUntilItReallyEnds() {
        Call first = call("demo", LONG_WAIT);
        call("demo", LONG_WAIT);
        first.subscription().cancel();
        Call third = call("demo", LONG_WAIT);

        assertThat(third.started()).isNotDone();
        finish(0);
        await().atMost(Duration.ofSeconds(5)).until(() -> third.started().isDone());
    }

    @Test
    void aCallerThatGoesAwayWhileWaitingLeavesTheQueue() {
        occupyBothSlots();
        Call waiting = call("demo", LONG_WAIT);
        waiting.subscription().cancel();

        assertThat(bulkhead.queued("demo")).isZero();
        finish(0);
        assertThat(call("demo", 0).started()).isDone(); // the freed slot is free, not handed to the caller that left
    }

    @Test
    void oneTenantsFullBulkheadDoesNotHoldAnother() {
        occupyBothSlotsAndTheQueue();

        Call other = call("other", LONG_WAIT);
        assertThat(other.started()).isDone();
        assertThat(bulkhead.queued("other")).isZero();
    }

    @Test
    void workThatThrowsBeforeItStartsGivesItsSlotBack() {
        Uni<String> failed = bulkhead.run("demo", System.nanoTime() + LONG_WAIT, () -> {
            throw new IllegalStateException("no connection");
        });
        assertThat(failed.subscribe().asCompletionStage()).isCompletedExceptionally();

        Call first = call("demo", LONG_WAIT);
        Call second = call("demo", LONG_WAIT);
        assertThat(first.started()).isDone();
        assertThat(second.started()).isDone();
    }
}
