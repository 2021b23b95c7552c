package dev.overtone.bench.coverage;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.Ran;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.proto.v1.Paraphrase;

/** {@code bench coverage}'s own options: how identical golds score, who writes the defaults, paraphrases predicted too. */
class CoverageCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private String[] coverage(String... more) {
        Path data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("h1"));
        return List.of(List.of("coverage", "--data", data.toString(), "--out", tmp.resolve("out").toString(), "--overtone-home",
                tmp.resolve("home").toString()), List.of(more)).stream().flatMap(List::stream).toArray(String[]::new);
    }

    @Test
    void anUnknownWayToScoreIdenticalGoldsOrToWriteTheDefaultsIsABadCommandLine() {
        Ran golds = Ran.bench(coverage("--baseline-only", "--identical-golds", "sometimes"));
        Ran defaults = Ran.bench(coverage("--baseline-only", "--defaults", "oracle"));

        golds.assertRefusedWith("bench: --identical-golds must be zero, score or auto");
        defaults.assertRefusedWith("bench: --defaults must be caller or llm, got 'oracle'");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void theChosenOptionsReachTheRunAndWithParaphrasesEachReadingsParaphraseIsPredictedAfterIt() throws Exception {
        Ran ran;
        String suite;
        try (StandInSuite standIn = StandInSuite.serving(interpreter(r -> {
            var answer = readings(List.of(ExampleLines.STARS, ExampleLines.SCORE)).toBuilder();
            answer.getInterpretationsBuilder(0).addParaphrases(Paraphrase.newBuilder().setSql("SELECT h.name, h.stars FROM h"));
            return answer.build();
        }))) {
            ran = Ran.bench(coverage(standIn.options("--with-paraphrases", "--identical-golds", "score", "--no-infill")));
            suite = standIn.address();
        }

        assertThat(ran.exit()).isZero();
        JsonNode prediction = JSON.readTree(Files.readAllLines(tmp.resolve("out/predictions.jsonl")).get(0));
        assertThat(prediction.path("sqls")).extracting(JsonNode::asText)
                .containsExactly(ExampleLines.STARS, "SELECT h.name, h.stars FROM h", ExampleLines.SCORE);
        JsonNode run = JSON.readTree(tmp.resolve("out/report.json").toFile()).path("run");
        assertThat(run.path("identical_golds").asText()).isEqualTo("score");
        assertThat(run.path("paraphrases").asBoolean()).isTrue();
        assertThat(run.path("infill").asBoolean()).isFalse();
        assertThat(run.path("defaults").asText()).isEqualTo("caller");
        assertThat(ran.out()).startsWith("subset ").endsWith("report: " + tmp.resolve("out/report.md") + System.lineSeparator());
        assertThat(ran.err()).contains("bench: suite is up ([" + suite + "])").doesNotContain("report: ");
    }
}
