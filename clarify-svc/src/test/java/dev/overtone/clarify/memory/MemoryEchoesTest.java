package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each recording call waits for its own echo and no other's: its tokens are kept per call, on the call's own duplicated
 * context, and found again however the call's chain moved between contexts. The echo wait is long (a minute), so a
 * settle that completes did so because its tokens were heard, never by the bound.
 */
class MemoryEchoesTest {
    private final Vertx vertx = Vertx.vertx();
    private final MemoryEchoes echoes = new MemoryEchoes(Duration.ofMinutes(1), new SimpleMeterRegistry());

    @AfterEach
    void close() {
        vertx.close();
    }

    @Test
    void twoCallsOnTheirOwnContextsEachWaitForTheirOwnEchoOnly() throws Exception {
        Context root = vertx.getOrCreateContext();
        Call a = call(VertxContext.createNewDuplicatedContext(root));
        Call b = call(VertxContext.createNewDuplicatedContext(root));

        echoes.heard(a.token);

        assertThat(a.settled.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(b.settled).as("b's echo is not heard yet").isNotDone();
        echoes.heard(b.token);
        assertThat(b.settled.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(echoes.waiting()).isZero();
    }

    /**
     * On a root event-loop context, shared by every call on that loop, a collector would take the next call's tokens: the
     * first call would wait for the second's echo (and not its own). There, no call waits for any echo.
     */
    @Test
    void onASharedContextNoCallTakesAnotherCallsToken() throws Exception {
        Context shared = vertx.getOrCreateContext();
        MemoryEchoes.Call a = on(shared, echoes::open);
        MemoryEchoes.Call b = on(shared, echoes::open);
        on(shared, echoes::expect); // a's recording
        on(shared, echoes::expect); // b's recording

        // neither waits for an echo nobody hears (before: a waited for both tokens, b for none, its own taken by a)
        assertThat(on(shared, () -> settle(a)).get(10, TimeUnit.SECONDS)).isNull();
        assertThat(on(shared, () -> settle(b)).get(10, TimeUnit.SECONDS)).isNull();
        assertThat(echoes.waiting()).isZero();
    }

    @Test
    void aCallSettledFromAnotherContextStillWaitsForItsOwnEcho() throws Exception {
        Context own = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        MemoryEchoes.Call opened = on(own, echoes::open);
        String token = on(own, echoes::expect);

        CompletableFuture<Void> settled = on(vertx.getOrCreateContext(), () -> settle(opened));

        assertThat(settled).as("its token is not heard yet").isNotDone();
        echoes.heard(token);
        assertThat(settled.get(10, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void aCallThatEndsWithoutSettlingLeavesNothingWaiting() throws Exception {
        Context own = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        MemoryEchoes.Call opened = on(own, echoes::open);
        on(own, echoes::expect);
        assertThat(echoes.waiting()).isEqualTo(1);

        echoes.close(opened); // cancelled, or failed and rolled back: its notification never comes

        assertThat(echoes.waiting()).isZero();
        assertThat(on(own, echoes::expect)).as("a token after the call ended is nobody's").isNotNull();
        assertThat(echoes.waiting()).isZero();
    }

    private record Call(String token, CompletableFuture<Void> settled) {
    }

    /** A recording call on {@code ctx}: opens, records once, and settles, all on that context. */
    private Call call(Context ctx) throws Exception {
        MemoryEchoes.Call opened = on(ctx, echoes::open);
        String token = on(ctx, echoes::expect);
        return new Call(token, on(ctx, () -> settle(opened)));
    }

    private CompletableFuture<Void> settle(MemoryEchoes.Call opened) {
        return echoes.settle(opened).subscribeAsCompletionStage();
    }

    private static <T> T on(Context ctx, Supplier<T> work) throws Exception {
        CompletableFuture<T> out = new CompletableFuture<>();
        ctx.runOnContext(v -> {
            try {
                out.complete(work.get());
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
            }
        });
        return out.get(10, TimeUnit.SECONDS);
    }
}
