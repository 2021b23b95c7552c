package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.load.LoadRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An event's row: the calls that overlapped it, failed ones by status, degraded answers by service and cause, the split. */
class ChaosRunTest {

    @Test
    void anEventCountsTheCallsThatOverlappedItTheFailedOnesAndTheDegradedAnswers() {
        List<LoadRun.Call> calls = List.of(
                new LoadRun.Call(100, "OK", Map.of(), null, 5.0), // ended before the event
                new LoadRun.Call(100, "OK", Map.of(), null, 10.05), // began before it, ended in it
                new LoadRun.Call(100, "UNAVAILABLE", Map.of(), "io exception", 12.0),
                new LoadRun.Call(100, "OK", Map.of(), null, 13.0, List.of("infill-svc DEGRADATION_CAUSE_UNAVAILABLE: reset")),
                new LoadRun.Call(100, "OK", Map.of(), null, 14.0, List.of("infill-svc DEGRADATION_CAUSE_UNAVAILABLE: again",
                        "parser-svc DEGRADATION_CAUSE_FAILED: RST_STREAM closed stream")),
                new LoadRun.Call(100, "OK", Map.of(), null, 30.0)); // began after it

        Map<String, Object> row = ChaosRun.row("rolling restart infill-svc", 10.0, 20.0, calls,
                Map.of("infill-svc", new double[] {30, 10}));

        assertThat(row).containsEntry("calls", 4).containsEntry("failed", Map.of("UNAVAILABLE", 1))
                .containsEntry("degraded", Map.of("infill-svc DEGRADATION_CAUSE_UNAVAILABLE", 2, "parser-svc DEGRADATION_CAUSE_FAILED", 1));
        assertThat(ChaosRun.line(row)).contains("failed {UNAVAILABLE=1}", "degraded {infill-svc", "infill 75%/25%");
    }
}
