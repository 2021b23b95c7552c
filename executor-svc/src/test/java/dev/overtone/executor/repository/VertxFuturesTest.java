package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The bridge between the engine's Vert.x futures and the caller's Uni: when the call starts, and when it is told the caller went. */
class VertxFuturesTest {
    @Test
    void theCallStartsOnlyWhenTheUniIsSubscribedAndItsOutcomeIsTheUnis() {
        AtomicInteger started = new AtomicInteger();
        Uni<String> uni = VertxFutures.uni(gone -> {
            started.incrementAndGet();
            return Future.succeededFuture("rows");
        });
        assertThat(started).hasValue(0);

        assertThat(uni.await().atMost(Duration.ofSeconds(5))).isEqualTo("rows");
        assertThat(started).hasValue(1);
        Uni<String> failing = VertxFutures.uni(gone -> Future.failedFuture(new IllegalStateException("database down")));
        assertThatThrownBy(() -> failing.await().atMost(Duration.ofSeconds(5))).hasMessage("database down");
    }

    @Test
    void aCallerThatCancelsIsSeenGoneByTheCall() {
        AtomicReference<AtomicBoolean> flag = new AtomicReference<>();
        Promise<String> pending = Promise.promise();
        Cancellable subscription = VertxFutures.uni(gone -> {
            flag.set(gone);
            return pending.future();
        }).subscribe().with(item -> { }, failure -> { });
        assertThat(flag.get()).isFalse();

        subscription.cancel();
        assertThat(flag.get()).isTrue();
        pending.complete("late rows"); // given to nobody, without failing
    }

    @Test
    void aUniBecomesAFutureSubscribedAtOnce() {
        AtomicInteger subscribed = new AtomicInteger();
        Future<Integer> future = VertxFutures.of(Uni.createFrom().item(() -> subscribed.incrementAndGet()));
        assertThat(subscribed).hasValue(1);
        assertThat(future.result()).isEqualTo(1);
        assertThat(VertxFutures.of(Uni.createFrom().failure(new IllegalStateException("refused"))).cause())
                .hasMessage("refused");
    }
}
