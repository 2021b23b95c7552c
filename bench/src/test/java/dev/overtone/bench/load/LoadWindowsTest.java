package dev.overtone.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run cut into 10 s windows: each call in the window it ended in, rates over each window's own length, warm-up seen. */
class LoadWindowsTest {

    private static LoadRun.Call call(double millis, double endSecond) {
        return new LoadRun.Call(millis, "OK", Map.of(), "", endSecond);
    }

    @Test
    void eachCallCountsInTheWindowItEndedInAndTheLastWindowIsAsLongAsTheRunLeft() {
        List<LoadRun.Call> calls = List.of(call(10, 0.0), call(30, 9.99), call(20, 5), // first window
                call(100, 10.0), // the boundary starts the second
                call(50, 24.5), call(70, 25.0)); // the third, 5 s long

        List<Map<String, Object>> windows = LoadWindows.of(calls, 25);

        assertThat(windows).extracting(w -> w.get("from_s"), w -> w.get("to_s"))
                .containsExactly(tuple(0, 10), tuple(10, 20),
                        tuple(20, 25));
        assertThat(windows).extracting(w -> w.get("throughput_rps")).containsExactly(0.3, 0.1, 0.4);
        assertThat(windows.get(0)).containsEntry("p50_ms", 20.0).containsEntry("p99_ms", 30.0);
        assertThat(windows.get(1)).containsEntry("p50_ms", 100.0);
        assertThat(windows.get(2)).containsEntry("p50_ms", 50.0).containsEntry("p99_ms", 70.0);
    }

    @Test
    void aCallEndingAfterTheRunCountsInTheLastWindowAndAnEmptyWindowReadsZero() {
        List<Map<String, Object>> windows = LoadWindows.of(List.of(call(5, 31.2), call(7, -0.1)), 30);

        assertThat(windows).hasSize(3);
        assertThat(windows.get(0)).containsEntry("throughput_rps", 0.1).containsEntry("p50_ms", 7.0);
        assertThat(windows.get(1)).containsEntry("throughput_rps", 0.0).containsEntry("p50_ms", 0.0);
        assertThat(windows.get(2)).containsEntry("throughput_rps", 0.1).containsEntry("p99_ms", 5.0);
    }

    @Test
    void aRunIsStillRisingWhenItsLaterHalfServesAQuarterMoreThanItsEarlierHalf() {
        assertThat(LoadWindows.stillRising(rates(100, 100, 125, 125))).isTrue();
        assertThat(LoadWindows.stillRising(rates(100, 100, 124, 124))).isFalse();
        assertThat(LoadWindows.stillRising(rates(100, 100, 999, 100, 100))).isFalse(); // the middle window is in neither half
        assertThat(LoadWindows.stillRising(rates(0, 0, 0, 0))).isFalse();
        assertThat(LoadWindows.stillRising(rates(100))).isFalse();
    }

    private static List<Map<String, Object>> rates(double... throughputs) {
        List<Map<String, Object>> windows = new ArrayList<>();
        for (double t : throughputs) {
            windows.add(Map.of("throughput_rps", t));
        }
        return windows;
    }
}
