package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.Stage;
import io.grpc.Context;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A batch runs on at most its share of lanes, answers in the items' order, and stops at the caller's cancel. */
class BoundedParallelTest {

    private static final Duration BOUND = Duration.ofSeconds(10);
    private final BoundedParallel lanes = new BoundedParallel();

    private void configure(int threads, int concurrency) {
        InterpreterConfig.Pipeline pipeline = (InterpreterConfig.Pipeline) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {InterpreterConfig.Pipeline.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "threads" -> threads;
                    case "concurrency" -> concurrency;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        lanes.config = (InterpreterConfig) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {InterpreterConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("pipeline")) {
                        return pipeline;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @AfterEach
    void stop() {
        lanes.stop(null);
    }

    @Test
    void resultsComeBackInTheItemsOrder() {
        configure(4, 3);
        List<Integer> items = IntStream.range(0, 50).boxed().toList();

        assertThat(lanes.map(Stage.STAGE_EXECUTE, items, i -> i * i))
                .containsExactlyElementsOf(items.stream().map(i -> i * i).toList());
        assertThat(lanes.map(Stage.STAGE_EXECUTE, List.<Integer>of(), i -> i)).isEmpty();
        assertThat(lanes.map(Stage.STAGE_EXECUTE, List.of(7), i -> i + 1)).containsExactly(8);
    }

    @Test
    void aBatchHoldsNoMoreLanesThanItsConcurrencyOnALargerPool() throws Exception {
        configure(8, 3);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<List<Integer>> batch = CompletableFuture.supplyAsync(() ->
                lanes.map(Stage.STAGE_EXECUTE, IntStream.range(0, 12).boxed().toList(), i -> {
                    most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    try {
                        release.await(BOUND.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    inFlight.decrementAndGet();
                    return i;
                }));

        await().atMost(BOUND).until(() -> inFlight.get() >= 3); // every lane holds an item; the pool has 5 idle threads
        release.countDown();

        assertThat(batch.get(BOUND.toMillis(), TimeUnit.MILLISECONDS)).hasSize(12);
        assertThat(most.get()).isEqualTo(3);
    }

    @Test
    void aCancelledCallTakesNoFurtherItemAndSaysWhichStage() {
        configure(2, 1);
        Context.CancellableContext call = Context.current().withCancellation();
        AtomicInteger done = new AtomicInteger();

        assertThatThrownBy(() -> call.run(() -> lanes.map(Stage.STAGE_EXECUTE, List.of(1, 2, 3, 4), i -> {
            done.incrementAndGet();
            call.cancel(null); // the caller goes away during the first item
            return i;
        }))).isInstanceOfSatisfying(CallCancelled.class, e -> assertThat(e.stage()).isEqualTo(Stage.STAGE_EXECUTE));
        assertThat(done.get()).isEqualTo(1);
    }

    @Test
    void workBesideTheBatchRunsInTheCallersGrpcContext() throws Exception {
        configure(2, 2);
        Context.Key<String> tenant = Context.key("tenant");
        Context call = Context.current().withValue(tenant, "demo");

        CompletableFuture<String> seen = call.call(() -> lanes.beside(tenant::get));

        assertThat(seen.get(BOUND.toMillis(), TimeUnit.MILLISECONDS)).isEqualTo("demo");
    }
}
