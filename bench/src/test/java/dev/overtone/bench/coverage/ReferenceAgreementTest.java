package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.Ran;
import dev.overtone.bench.client.DefaultsMode;
import dev.overtone.bench.dataset.ExampleOptions;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The bench's baseline scoring of the recorded defaults agrees with the reference scorers
 * (ambrosia_eval.py on Ambrosia* dev, db_eval.py on the AmbiQT dev set). Needs the shared folder
 * ({@code ../shared} from the project root); with python3 it runs the reference scorer and compares
 * every example, without it it compares with the reference's numbers recorded below.
 */
class ReferenceAgreementTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** ambrosia_eval.py dev.gemma.jsonl --use-defaults: subset, type, n, all_found, one_found, recall, precision. */
    private static final Object[][] AMBROSIA_REFERENCE = {
            {"ambiguous", "attachment", 40, 0.0, 0.625, 0.3125, 0.20773809523809525},
            {"ambiguous", "scope", 44, 0.045454545454545456, 0.8181818181818182, 0.4318181818181818, 0.533387445887446},
            {"ambiguous", "vague", 36, 0.0, 0.6388888888888888, 0.24074074074074067, 0.33981481481481485},
            {"ambiguous", "total", 120, 0.016666666666666666, 0.7, 0.33472222222222253, 0.36676587301587305},
            {"unambiguous", "attachment", 80, 0.4, 0.4, 0.4, 0.16312500000000002},
            {"unambiguous", "scope", 88, 0.8977272727272727, 0.8977272727272727, 0.8977272727272727, 0.6045454545454544},
            {"unambiguous", "vague", 108, 0.6111111111111112, 0.6111111111111112, 0.6111111111111112, 0.35787037037037034},
            {"unambiguous", "total", 276, 0.6413043478260869, 0.6413043478260869, 0.6413043478260869, 0.3800724637681159},
    };

    static Path shared() {
        for (Path p : List.of(Path.of("..", "shared"), Path.of("..", "..", "shared"))) {
            if (Files.isRegularFile(p.resolve("data/ambrosia-star/dev.gemma.jsonl"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        return null;
    }

    private static JsonNode baseline(Path data, Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        ExampleOptions examples = new ExampleOptions();
        examples.data = data;
        examples.concurrency = 2;
        examples.queryTimeout = 5.0;
        CoverageRun run = new CoverageRun(examples, new InterpretChoices(), out, null, tmp.resolve("home"), 1000, DefaultsMode.CALLER,
                false);
        assertThat(Ran.of((summary, err) -> run.execute(null, summary, err)).exit()).isZero();
        return JSON.readTree(out.resolve("report.json").toFile());
    }

    private static JsonNode metrics(JsonNode report, String subset, String type) {
        JsonNode s = report.path("baseline").path(subset);
        return type.equals("total") ? s : s.path("by_type").path(type);
    }

    @Test
    void ambrosiaDefaultsScoreAsTheReferenceScorerSays(@TempDir Path tmp) throws Exception {
        Path shared = shared();
        assumeTrue(shared != null, "skipped: ../shared (the shared data folder) is not present");
        JsonNode report = baseline(shared.resolve("data/ambrosia-star/dev.gemma.jsonl"), tmp);
        for (Object[] row : AMBROSIA_REFERENCE) {
            JsonNode m = metrics(report, (String) row[0], (String) row[1]);
            assertThat(m.path("n").asInt()).as("%s %s n", row[0], row[1]).isEqualTo(row[2]);
            assertThat(m.path("full_coverage").asDouble()).as("%s %s full", row[0], row[1]).isCloseTo(100 * (double) row[3], within(1e-3));
            assertThat(m.path("single_coverage").asDouble()).as("%s %s single", row[0], row[1]).isCloseTo(100 * (double) row[4], within(1e-3));
            assertThat(m.path("recall").asDouble()).as("%s %s recall", row[0], row[1]).isCloseTo(100 * (double) row[5], within(1e-3));
            assertThat(m.path("precision").asDouble()).as("%s %s precision", row[0], row[1]).isCloseTo(100 * (double) row[6], within(1e-3));
        }
        // the headline figures of the issue
        assertThat(String.format("%.1f", metrics(report, "ambiguous", "total").path("full_coverage").asDouble())).isEqualTo("1.7");
        assertThat(String.format("%.1f", metrics(report, "unambiguous", "total").path("full_coverage").asDouble())).isEqualTo("64.1");
        assertThat(report.path("run").path("db_repairs")).isNotEmpty();

        Path python = python3();
        if (python == null) {
            return;
        }
        Path perExample = tmp.resolve("reference.jsonl");
        Process p = new ProcessBuilder(python.toString(), shared.resolve("tools/ambrosia_eval.py").toString(),
                shared.resolve("data/ambrosia-star/dev.gemma.jsonl").toString(), "--use-defaults", "--quiet",
                "--json-out", tmp.resolve("reference.json").toString(), "--per-example", perExample.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("python.log").toFile()).start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("reference scorer finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(tmp.resolve("python.log"))).isZero();
        Map<String, JsonNode> ref = new HashMap<>();
        for (String line : Files.readAllLines(perExample)) {
            JsonNode n = JSON.readTree(line);
            ref.put(n.path("id").asText(), n);
        }
        List<String> mine = Files.readAllLines(tmp.resolve("out/examples.jsonl"));
        assertThat(mine).hasSize(ref.size());
        for (String line : mine) {
            JsonNode n = JSON.readTree(line);
            JsonNode b = n.path("baseline");
            JsonNode r = ref.get(n.path("id").asText());
            String id = n.path("id").asText();
            for (String k : List.of("all_found", "one_found", "recall", "precision")) {
                assertThat(b.path(k).asDouble()).as("%s %s", id, k).isEqualTo(r.path(k).asDouble());
            }
            for (String k : List.of("n_pred_sql", "n_pred_errors", "n_unique_results")) {
                assertThat(b.path(k).asInt()).as("%s %s", id, k).isEqualTo(r.path(k).asInt());
            }
            assertThat(b.path("gold_matched")).as("%s gold_matched", id).isEqualTo(r.path("gold_matched"));
            assertThat(b.path("pred_matched")).as("%s pred_matched", id).isEqualTo(r.path("pred_matched"));
        }
        JsonNode refJson = JSON.readTree(tmp.resolve("reference.json").toFile());
        List<String> refRepairs = JSON.convertValue(refJson.path("db_repairs"), JSON.getTypeFactory()
                .constructCollectionType(List.class, String.class));
        List<String> myRepairs = JSON.convertValue(report.path("run").path("db_repairs"), JSON.getTypeFactory()
                .constructCollectionType(List.class, String.class));
        assertThat(myRepairs.stream().map(x -> x.substring(x.indexOf(": ") + 2)).distinct().sorted().toList())
                .isEqualTo(refRepairs);
    }

    @Test
    void ambiqtDefaultsScoreAsDbEvalSays(@TempDir Path tmp) throws Exception {
        Path shared = shared();
        assumeTrue(shared != null, "skipped: ../shared (the shared data folder) is not present");
        JsonNode report = baseline(shared.resolve("data/ambiqt-dev/ambiqt_dev.jsonl"), tmp);
        // db_eval.py ambiqt_dev.jsonl --use-defaults: full 0, single 100, recall 50, precision 100 (README)
        for (String type : List.of("C", "T", "total")) {
            JsonNode m = metrics(report, "ambiguous", type);
            assertThat(m.path("full_coverage").asDouble()).isZero();
            assertThat(m.path("single_coverage").asDouble()).isEqualTo(100.0);
            assertThat(m.path("recall").asDouble()).isEqualTo(50.0);
            assertThat(m.path("precision").asDouble()).isEqualTo(100.0);
        }
        assertThat(metrics(report, "ambiguous", "total").path("n").asInt()).isEqualTo(300);
        assertThat(report.path("baseline").has("unambiguous")).isFalse();
    }

    private static Path python3() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir, "python3");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

}
