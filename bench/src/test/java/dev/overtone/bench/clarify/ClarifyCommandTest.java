package dev.overtone.bench.clarify;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.Ran;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.dataset.ExampleLines;

/** {@code bench clarify}'s command line: an unknown user or strategy is refused before any work, the options given are the run's. */
class ClarifyCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private String[] clarify(String... more) {
        Path data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("h1"));
        return Stream.concat(Stream.of("clarify", "--data", data.toString(), "--out", tmp.resolve("out").toString(),
                "--overtone-home", tmp.resolve("home").toString()), Stream.of(more)).toArray(String[]::new);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--user=sometimes         | bench: --user must be helpful, partial or unhelpful, not 'sometimes'",
            "--strategies=eig,oracle  | bench: unknown strategy 'oracle': use eig, eig-fast, ig-uniform, max-prob, random"})
    void anUnknownUserOrStrategyIsABadCommandLineBeforeAnyDatabaseIsBuilt(String option, String message) {
        Ran ran = Ran.bench(clarify(option, "--no-start", "--interpreter", "127.0.0.1:1"));

        ran.assertRefusedWith(message);
        assertThat(tmp.resolve("home")).doesNotExist();
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void theUserStrategiesSeedTurnLimitAndThresholdGivenAreTheRuns() throws Exception {
        Ran ran;
        try (StandInSuite standIn = StandInSuite.serving(interpreter(r -> readings(List.of(ExampleLines.STARS, ExampleLines.SCORE))),
                new OneQuestionClarify())) {
            ran = Ran.bench(clarify(standIn.options("--user", "unhelpful", "--strategies", "random,eig-fast", "--seed", "7",
                    "--max-turns", "3", "--threshold", "0.8")));
        }

        assertThat(ran.exit()).isZero();
        JsonNode report = JSON.readTree(tmp.resolve("out/report.json").toFile());
        assertThat(report.path("user").asText()).isEqualTo("unhelpful");
        assertThat(report.path("strategies").fieldNames()).toIterable().containsExactly("random", "eig-fast");
        assertThat(report.path("run").path("seed").asLong()).isEqualTo(7);
        assertThat(report.path("run").path("max_turns").asInt()).isEqualTo(3);
        assertThat(report.path("run").path("threshold").asDouble()).isEqualTo(0.8);
        // an unhelpful user does not know the first answer, so the one question settles on the first reading whatever was meant
        assertThat(Files.readAllLines(tmp.resolve("out/dialogues.jsonl"))).hasSize(4).allSatisfy(line -> {
            JsonNode d = JSON.readTree(line);
            assertThat(d.path("final_sql").asText()).isEqualTo(ExampleLines.STARS);
        });
    }
}
