package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.ExampleScore;
import dev.overtone.bench.scoring.RankedSummary;

/** report.json has the shape the issue fixes; every report file is written. */
class CoverageReportTest {

    private static ExampleScore score(String id, double full, double single, double recall, double precision, int n) {
        List<String> sql = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sql.add("SELECT " + i);
        }
        return new ExampleScore(id, full, single, recall, precision, 0, sql, 0, n, List.of(), List.of(), null);
    }

    private static CoverageRun.Outcome outcome(String id, String type, boolean ambiguous, ExampleScore base, ExampleScore ours,
                                               String failure) {
        Example ex = new Example(id, "q", List.of("SELECT 1"), "CREATE TABLE t(a);", null, List.of(), type, ambiguous);
        return new CoverageRun.Outcome(ex, new BenchDatabase("d1", Path.of("/tmp/d1.sqlite"), List.of()), base, ours,
                failure, List.of());
    }

    @Test
    void reportJsonHasTheIssueShapeAndAllFilesAreWritten(@TempDir Path dir) throws Exception {
        List<CoverageRun.Outcome> outcomes = List.of(
                outcome("a1", "scope", true, score("a1", 0, 1, 0.5, 1, 1), score("a1", 1, 1, 1, 0.5, 4), null),
                outcome("a2", "vague", true, score("a2", 0, 0, 0, 0, 2), score("a2", 0, 0, 0, 0, 0), "UNAVAILABLE: down"),
                outcome("u1", "scope", false, score("u1", 1, 1, 1, 0.5, 2), score("u1", 1, 1, 1, 1.0 / 3, 3), null));
        CoverageSummary base = CoverageSummary.of(outcomes.stream()
                .map(o -> new CoverageSummary.Scored(o.example().type(), o.example().ambiguous(), o.baseline(), false)).toList());
        CoverageSummary ours = CoverageSummary.of(outcomes.stream()
                .map(o -> new CoverageSummary.Scored(o.example().type(), o.example().ambiguous(), o.overtone(),
                        o.failure() != null)).toList());
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("data", "x.jsonl");
        run.put("examples", 3);
        run.put("databases", 1);
        run.put("infill", true);
        run.put("families", List.of());
        run.put("db_repairs", List.of("d1: t: removed trailing comma in CREATE TABLE"));
        CoverageReport report = new CoverageReport(run, base, ours, outcomes, new LinkedHashSet<>(List.of("scope", "vague")));
        report.write(dir);

        JsonNode json = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        assertThat(json.fieldNames()).toIterable().containsExactly("run", "baseline", "overtone", "outcomes", "llm", "paper");
        // a2's call failed: counted by its status, never as an outcome
        assertThat(json.path("outcomes").path("rows").path("call failed: UNAVAILABLE").path("ambiguous").asInt()).isOne();
        for (String system : List.of("baseline", "overtone")) {
            assertThat(json.path(system).fieldNames()).toIterable().containsExactly("ambiguous", "unambiguous");
            JsonNode amb = json.path(system).path("ambiguous");
            assertThat(amb.fieldNames()).toIterable().contains("full_coverage", "single_coverage", "recall", "precision",
                    "n", "by_type", "mean_readings", "failures");
            assertThat(amb.path("by_type").fieldNames()).toIterable().containsExactly("scope", "vague");
            assertThat(amb.path("by_type").path("scope").fieldNames()).toIterable()
                    .contains("full_coverage", "single_coverage", "recall", "precision", "n");
        }
        JsonNode ambOurs = json.path("overtone").path("ambiguous");
        assertThat(ambOurs.path("full_coverage").asDouble()).isEqualTo(50.0);
        assertThat(ambOurs.path("precision").asDouble()).isEqualTo(25.0);
        assertThat(ambOurs.path("mean_readings").asDouble()).isEqualTo(2.0);
        assertThat(ambOurs.path("failures").asInt()).isOne();
        assertThat(ambOurs.path("n").asInt()).isEqualTo(2);
        assertThat(json.path("overtone").path("unambiguous").path("precision").asDouble()).isCloseTo(33.3333, org.assertj.core.api.Assertions.within(1e-3));

        List<String> preds = Files.readAllLines(dir.resolve("predictions.jsonl"));
        assertThat(preds).hasSize(3);
        JsonNode first = new ObjectMapper().readTree(preds.get(0));
        assertThat(first.fieldNames()).toIterable().startsWith("id", "sqls");
        assertThat(first.path("sqls")).hasSize(4);
        assertThat(Files.size(dir.resolve("coverage.png"))).isPositive();
        String md = Files.readString(dir.resolve("report.md"));
        assertThat(md).contains("| **total** |", "DFPL: Ours", "| met |", "removed trailing comma");
    }

    @Test
    void aParaphraseTakesTheProbabilityOfTheReadingItFollows() {
        CoverageRun.RankedAnswer answer = new CoverageRun.RankedAnswer(List.of("SELECT 1", "SELECT 2"), List.of(0.7, 0.3), 1, 0.5,
                "OUTCOME_AMBIGUOUS", List.of(Map.of(), Map.of()));

        assertThat(answer.probabilitiesOf(List.of("SELECT 1", "SELECT 1 AS one", "SELECT 2", "SELECT 2 AS two")))
                .containsExactly(0.7, 0.7, 0.3, 0.3);
    }

    @Test
    void rankedAnswersBringProbabilitiesShownAndTheFirstReadingsFigures(@TempDir Path dir) throws Exception {
        Example ex = new Example("a1", "q", List.of("SELECT 1", "SELECT 2"), "CREATE TABLE t(a);", null, List.of(), "scope", true);
        ExampleScore base = new ExampleScore("a1", 0, 1, 0.5, 0.5, 0, List.of("SELECT 2", "SELECT 9"), 0, 2,
                List.of(false, true), List.of(true, false), null, List.of(List.of(1), List.of()), 2);
        ExampleScore ours = new ExampleScore("a1", 1, 1, 1, 2.0 / 3, 0, List.of("SELECT 1", "SELECT 9", "SELECT 2"), 0, 3,
                List.of(true, true), List.of(true, false, true), null, List.of(List.of(0), List.of(), List.of(1)), 2);
        CoverageRun.RankedAnswer answer = new CoverageRun.RankedAnswer(List.of("SELECT 1", "SELECT 9", "SELECT 2"),
                List.of(0.5, 0.3, 0.2), 2, 0.8, "OUTCOME_AMBIGUOUS",
                List.of(Map.of("default_share", 1.0), Map.of("default_share", 0.0), Map.of("default_share", 0.0)));
        CoverageRun.Outcome o = new CoverageRun.Outcome(ex, new BenchDatabase("d1", Path.of("/tmp/d1.sqlite"), List.of()),
                base, ours, null, List.of(), answer, Map.of(), List.of());
        CoverageSummary b = CoverageSummary.of(List.of(new CoverageSummary.Scored("scope", true, base, false)));
        CoverageSummary t = CoverageSummary.of(List.of(new CoverageSummary.Scored("scope", true, ours, false)));
        RankedSummary rb = RankedSummary.of(List.of(new RankedSummary.Ranked(true, base, 2, 2)));
        RankedSummary rt = RankedSummary.of(List.of(new RankedSummary.Ranked(true, ours, 2, 0.8)));
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("examples", 1);
        run.put("db_repairs", List.of());
        new CoverageReport(run, b, t, rb, rt, List.of(o), new LinkedHashSet<>(List.of("scope"))).write(dir);

        JsonNode pred = new ObjectMapper().readTree(Files.readAllLines(dir.resolve("predictions.jsonl")).get(0));
        assertThat(pred.path("sqls")).extracting(JsonNode::asText).containsExactly("SELECT 1", "SELECT 9", "SELECT 2");
        assertThat(pred.path("probabilities")).extracting(JsonNode::asDouble).containsExactly(0.5, 0.3, 0.2);
        assertThat(pred.path("shown").asInt()).isEqualTo(2);
        JsonNode ranked = new ObjectMapper().readTree(dir.resolve("report.json").toFile()).path("ranked");
        assertThat(ranked.path("overtone").path("ambiguous").path("full_first_1").asDouble()).isZero();
        assertThat(ranked.path("overtone").path("ambiguous").path("full_first_3").asDouble()).isEqualTo(100.0);
        assertThat(ranked.path("overtone").path("ambiguous").path("mean_shown").asDouble()).isEqualTo(2.0);
        assertThat(ranked.path("baseline").path("ambiguous").path("full_first_5").asDouble()).isZero();
        JsonNode example = new ObjectMapper().readTree(Files.readAllLines(dir.resolve("examples.jsonl")).get(0));
        assertThat(example.path("readings").get(2).path("matched_golds")).extracting(JsonNode::asInt).containsExactly(1);
        assertThat(example.path("readings").get(0).path("evidence").path("default_share").asDouble()).isEqualTo(1.0);
        assertThat(Files.readString(dir.resolve("report.md"))).contains("## The first readings", "| ambiguous | Overtone | 1 |",
                "## Outcome against the label", "| AMBIGUOUS | 1 (100.0 %) | 0 |");
    }
}
