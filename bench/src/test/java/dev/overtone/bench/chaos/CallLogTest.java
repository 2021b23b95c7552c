package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.load.LoadRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** calls.jsonl: each call with its end, time, status, stages and degradations. */
class CallLogTest {

    @Test
    void everyCallIsLoggedWithItsEndItsStagesAndWhatWasDegraded() {
        List<Map<String, Object>> lines = CallLog.lines(List.of(
                new LoadRun.Call(4107.25, "OK", Map.of("execute", 3947.0), null, 13.2914,
                        List.of("parser-svc DEGRADATION_CAUSE_DEADLINE_EXCEEDED: structural")),
                new LoadRun.Call(12.0, "UNAVAILABLE", Map.of(), "io exception", 14.0)));

        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).containsEntry("end_s", 13.291).containsEntry("ms", 4107.3).containsEntry("status", "OK")
                .containsEntry("stages", Map.of("execute", 3947.0))
                .containsEntry("degraded", List.of("parser-svc DEGRADATION_CAUSE_DEADLINE_EXCEEDED: structural"));
        assertThat(lines.get(1)).containsEntry("status", "UNAVAILABLE").containsEntry("degraded", List.of());
    }
}
