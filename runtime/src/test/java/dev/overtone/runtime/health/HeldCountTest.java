package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The count a drain waits on: it wakes the waiter when the last one is given back, and tells what is left when the bound passes. */
class HeldCountTest {

    private final Counted held = new Counted();

    @Test
    void noneHeldReturnsAtOnce() throws InterruptedException {
        assertThat(held.awaitNone(Duration.ofDays(1))).isZero();
    }

    @Test
    void theWaiterWakesWhenTheLastIsGivenBack() throws Exception {
        held.take();
        held.take();
        CountDownLatch waiting = new CountDownLatch(1);
        CompletableFuture<Integer> left = CompletableFuture.supplyAsync(() -> {
            waiting.countDown();
            try {
                return held.awaitNone(Duration.ofDays(1));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(waiting.await(10, TimeUnit.SECONDS)).isTrue();

        held.giveBack();
        assertThat(held.count()).isEqualTo(1);
        held.giveBack();

        assertThat(left.get(10, TimeUnit.SECONDS)).isZero();
    }

    @Test
    void aBoundThatPassesReturnsHowManyAreStillHeld() throws InterruptedException {
        held.take();
        held.take();
        held.take();

        assertThat(held.awaitNone(Duration.ofMillis(1))).isEqualTo(3);
    }

    private static final class Counted extends HeldCount {
        void take() {
            changeBy(1);
        }

        void giveBack() {
            changeBy(-1);
        }
    }
}
