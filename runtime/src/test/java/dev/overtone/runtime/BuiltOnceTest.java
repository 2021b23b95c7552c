package dev.overtone.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class BuiltOnceTest {

    @Test
    void callersThatComeWhileItIsBuiltGetTheOneValue() throws Exception {
        AtomicInteger builds = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        BuiltOnce<Object> once = new BuiltOnce<>(() -> {
            builds.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new Object();
        });
        List<CompletableFuture<Object>> callers = IntStream.range(0, 4)
                .mapToObj(i -> CompletableFuture.supplyAsync(once)).toList();
        release.countDown();
        List<Object> values = callers.stream().map(CompletableFuture::join).toList();

        assertThat(values).containsOnly(once.get());
        assertThat(builds).hasValue(1);
    }

    @Test
    void nothingIsBuiltBeforeTheFirstCall() {
        AtomicInteger builds = new AtomicInteger();
        BuiltOnce<String> once = new BuiltOnce<>(() -> "built " + builds.incrementAndGet());

        assertThat(builds).hasValue(0);
        assertThat(once.get()).isEqualTo("built 1");
        assertThat(once.get()).isEqualTo("built 1");
    }
}
