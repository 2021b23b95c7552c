package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.scoring.ExampleScore;

/** One example's lines of predictions.jsonl and examples.jsonl: which SQL was predicted, and what each reading matched. */
class ExampleRecordsTest {
    private static final Example EXAMPLE = new Example("a1", "q", List.of("SELECT 1", "SELECT 2"), "CREATE TABLE t(a);", null,
            List.of(), "scope", true);
    private static final BenchDatabase DB = new BenchDatabase("d1", Path.of("/tmp/d1.sqlite"), List.of());
    private static final ExampleScore BASELINE = new ExampleScore("a1", 0, 1, 0.5, 0.5, 0, List.of("SELECT 2"), 0, 1,
            List.of(false, true), List.of(true), null);
    private static final ExampleScore OURS = new ExampleScore("a1", 1, 1, 1, 0.5, 0, List.of("SELECT 1", "SELECT 9"), 0, 2,
            List.of(true, false), List.of(true, false), null, List.of(List.of(0)), 2);

    @Test
    void withoutAnOvertoneAnswerTheBaselinesSqlIsThePredictionAndTheFailureIsSaid() {
        CoverageRun.Outcome failed = new CoverageRun.Outcome(EXAMPLE, DB, BASELINE, null, "UNAVAILABLE: interpreter-svc down", List.of());

        Map<String, Object> prediction = ExampleRecords.prediction(failed);

        assertThat(prediction).containsExactly(Map.entry("id", "a1"), Map.entry("sqls", List.of("SELECT 2")),
                Map.entry("error", "UNAVAILABLE: interpreter-svc down"));
        Map<String, Object> example = ExampleRecords.example(failed);
        assertThat(example.get("overtone")).isNull();
        assertThat(example).doesNotContainKeys("outcome", "readings");
    }

    @Test
    void aRankedAnswerBringsProbabilitiesAndEachReadingsMatchedGoldsInRankedOrder() {
        CoverageRun.RankedAnswer answer = new CoverageRun.RankedAnswer(List.of("SELECT 1", "SELECT 9", "SELECT 7"), List.of(0.6, 0.3, 0.1),
                2, 0.7, "OUTCOME_AMBIGUOUS", List.of(Map.of(), Map.of(), Map.of()));
        CoverageRun.Outcome o = new CoverageRun.Outcome(EXAMPLE, DB, BASELINE, OURS, null, List.of("infill: slow"), answer,
                Map.of("parse", 1200L), List.of());

        assertThat(ExampleRecords.prediction(o)).containsEntry("sqls", List.of("SELECT 1", "SELECT 9"))
                .containsEntry("probabilities", List.of(0.6, 0.3)).containsEntry("shown", 2).doesNotContainKey("error");
        Map<String, Object> example = ExampleRecords.example(o);
        assertThat(example).containsEntry("database", "d1").containsEntry("ambig_type", "scope").containsEntry("is_ambiguous", true)
                .containsEntry("outcome", "OUTCOME_AMBIGUOUS").containsEntry("warnings", List.of("infill: slow"))
                .containsEntry("stage_micros", Map.of("parse", 1200L));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> readings = (List<Map<String, Object>>) example.get("readings");
        assertThat(readings).extracting(r -> r.get("sql")).containsExactly("SELECT 1", "SELECT 9", "SELECT 7");
        assertThat(readings).extracting(r -> r.get("matched_golds"))
                .as("SELECT 9 is scored but past the golds' list, SELECT 7 not scored at all")
                .containsExactly(List.of(0), List.of(), List.of());
        @SuppressWarnings("unchecked")
        Map<String, Object> score = (Map<String, Object>) example.get("overtone");
        assertThat(score).containsEntry("all_found", 1.0).containsEntry("n_gold", 2).doesNotContainKey("gold_problem");
    }
}
