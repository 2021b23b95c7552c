package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.Example;

/** The LLM stage latencies and the list of degraded calls in a coverage report. */
class DegradedCallsTest {

    private static CoverageRun.Outcome outcome(String id, String failure, List<String> warnings, Map<String, Long> micros,
                                               List<String> failedReadings) {
        Example ex = new Example(id, "q", List.of("SELECT 1"), "CREATE TABLE t(a);", null, List.of(), "scope", true);
        return new CoverageRun.Outcome(ex, new BenchDatabase("d1", Path.of("/tmp/d1.sqlite"), List.of()), null, null, failure,
                warnings, null, micros, failedReadings);
    }

    @Test
    void stageLatenciesAreNearestRankPercentilesOverTheCallsThatRanTheStage() {
        List<CoverageRun.Outcome> outcomes = new java.util.ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            outcomes.add(outcome("e" + i, null, List.of(), Map.of("defaults", i * 1000L, "parse", i * 2000L), List.of()));
        }
        outcomes.add(outcome("caller", null, List.of(), Map.of("execute", 5000L), List.of()));

        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> stages = (Map<String, Map<String, Object>>) new DegradedCalls("llm", outcomes).json().get("stages");

        assertThat(stages.get("defaults")).containsEntry("calls", 100).containsEntry("p50_ms", 50.0).containsEntry("p99_ms", 99.0)
                .containsEntry("max_ms", 100.0);
        assertThat(stages.get("parse")).containsEntry("p50_ms", 100.0).containsEntry("p99_ms", 198.0);
    }

    @Test
    void everyDegradedOrFailedCallIsListedWithItsReasonsAndCountedByKind() {
        List<CoverageRun.Outcome> outcomes = List.of(
                outcome("clean", null, List.of("terms: 'churn' matches nothing in the schema"), Map.of(), List.of()),
                outcome("slow", null, List.of("defaults: the LLM timed out"), Map.of(), List.of()),
                outcome("infill", null, List.of("infill-svc degraded: model: HTTP 404 from the model endpoint; structural readings only"),
                        Map.of(), List.of()),
                outcome("infill2", null, List.of("infill-svc degraded: model: HTTP 404 from the model endpoint; structural readings only"),
                        Map.of(), List.of("parse UNAVAILABLE: the LLM endpoint failed: 500 [reading: Show 'x']")),
                outcome("down", "UNAVAILABLE: executor-svc is unavailable", List.of(), Map.of(), List.of()));

        DegradedCalls degraded = new DegradedCalls("llm", outcomes);

        assertThat(degraded.calls()).extracting(DegradedCalls.Call::id).containsExactly("slow", "infill", "infill2", "down");
        assertThat(degraded.calls().get(2).reasons()).containsExactly(
                "infill-svc degraded: model: HTTP 404 from the model endpoint; structural readings only",
                "reading parse UNAVAILABLE: the LLM endpoint failed: 500 [reading: Show 'x']");
        @SuppressWarnings("unchecked")
        Map<String, Integer> byReason = (Map<String, Integer>) degraded.json().get("degraded_by_reason");
        assertThat(byReason).containsEntry("infill-svc degraded: model: HTTP N from the model endpoint", 2)
                .containsEntry("defaults: the LLM timed out", 1)
                .containsEntry("reading parse UNAVAILABLE: the LLM endpoint failed: N", 1)
                .containsEntry("failed: UNAVAILABLE: executor-svc is unavailable", 1);
        assertThat(degraded.json()).containsEntry("defaults", "llm").containsEntry("degraded_calls", 4);
        assertThat(degraded.markdown()).contains("Defaults: **llm**", "## Degraded calls (4)", "- `down`: failed: UNAVAILABLE");
    }
}
