package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ParallelMapTest {
    private final StringWriter bar = new StringWriter();
    private final PrintWriter progress = new PrintWriter(bar, true);

    @Test
    void resultsComeInTheItemsOrderWhateverOrderTheyFinishIn() throws Exception {
        List<Integer> items = IntStream.range(0, 20).boxed().toList();
        CountDownLatch lastStarted = new CountDownLatch(1);

        List<Integer> out = ParallelMap.map(items, 4, "test", progress, i -> {
            if (i == 0) {
                // the first item finishes after the last has begun: out of order, unless the map restores it
                assertThat(lastStarted.await(10, TimeUnit.SECONDS)).isTrue();
            }
            if (i == 19) {
                lastStarted.countDown();
            }
            return i * i;
        });

        assertThat(out).isEqualTo(items.stream().map(i -> i * i).toList());
        assertThat(bar.toString()).as("its progress, on the writer given").contains("test [" + "#".repeat(30) + "] 20/20");
    }

    @Test
    void theStepsThreadsRunSideBySide() throws Exception {
        CountDownLatch both = new CountDownLatch(2);

        List<Boolean> met = ParallelMap.map(List.of(1, 2), 2, "test", progress, i -> {
            both.countDown();
            return both.await(10, TimeUnit.SECONDS);
        });

        assertThat(met).containsExactly(true, true);
    }

    @Test
    void aStepsOwnFailureReachesTheCallerUnwrapped() {
        assertThatThrownBy(() -> ParallelMap.map(List.of(1, 2, 3), 2, "test", progress, i -> {
            if (i == 2) {
                throw new IOException("database 2 is gone");
            }
            return i;
        })).isExactlyInstanceOf(IOException.class).hasMessage("database 2 is gone");
    }

    @Test
    void noThreadsMeansOne() throws Exception {
        assertThat(ParallelMap.map(List.of("a", "b"), 0, "test", progress, String::toUpperCase)).containsExactly("A", "B");
    }
}
