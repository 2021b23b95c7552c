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
        assertThat(json.fieldNames()).toIterable().containsExactly("run", "baseline", "overtone", "llm", "paper");
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
}
