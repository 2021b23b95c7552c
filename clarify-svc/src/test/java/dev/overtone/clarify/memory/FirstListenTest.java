package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FirstListenTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.close();
    }

    @Test
    void aFirstConnectionThatFailsIsTriedAgainUntilItIsMade() throws InterruptedException {
        AtomicInteger tries = new AtomicInteger();
        CountDownLatch connected = new CountDownLatch(1);
        List<Integer> pausesAskedFor = new CopyOnWriteArrayList<>();

        MemoryListener.connectUntilListening(vertx, () -> {
            if (tries.incrementAndGet() < 3) {
                return Future.failedFuture("connection refused");
            }
            connected.countDown();
            return Future.succeededFuture();
        }, failedTries -> {
            pausesAskedFor.add(failedTries);
            return 5;
        }, 0);

        assertThat(connected.await(10, TimeUnit.SECONDS)).as("connected on the third try").isTrue();
        assertThat(tries).hasValue(3);
        assertThat(pausesAskedFor).containsExactly(0, 1);
    }

    @Test
    void aNegativePauseStopsTrying() throws InterruptedException {
        AtomicInteger tries = new AtomicInteger();
        CountDownLatch stopped = new CountDownLatch(1);

        MemoryListener.connectUntilListening(vertx, () -> {
            tries.incrementAndGet();
            return Future.failedFuture("shutting down");
        }, failedTries -> {
            stopped.countDown();
            return -1;
        }, 0);

        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(tries).hasValue(1);
    }
}
