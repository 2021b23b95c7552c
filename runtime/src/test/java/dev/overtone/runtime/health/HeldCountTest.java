package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
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
        CompletableFuture<Integer> left = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                left.complete(held.awaitNone(Duration.ofDays(1)));
            } catch (InterruptedException e) {
                left.completeExceptionally(e);
            }
        }, "held-count-waiter");
        waiter.start();
        awaitWaiting(waiter); // asleep in the wait, so only the last give-back's wake-up can end it

        held.giveBack();
        assertThat(held.count()).isEqualTo(1);
        held.giveBack();

        assertThat(left.get(10, TimeUnit.SECONDS)).isZero();
    }

    /** Until the thread sleeps in a timed wait, at most 10 s. */
    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime() - deadline).as("the waiter never slept in its wait").isNegative();
            Thread.onSpinWait();
        }
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
