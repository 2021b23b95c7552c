package dev.overtone.bench.clarify;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.Ran;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import io.grpc.Status;
import picocli.CommandLine;

/**
 * A clarify run against stand-ins over real gRPC (interpreter-svc, and a clarify-svc that asks "which of these?"): each
 * distinct gold of each ambiguous example is the user's intent once per strategy; a gold no reading returns is not
 * reachable.
 */
class ClarifyRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAMES = "SELECT name FROM h";

    @TempDir
    Path tmp;

    private JsonNode run(Function<InterpretRequest, InterpretResponse> answer) throws Exception {
        ExampleOptions examples = new ExampleOptions();
        examples.data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("h1"),
                ExampleLines.line("plain", ExampleLines.HOTELS, List.of(NAMES), List.of(NAMES), false));
        examples.concurrency = 1;
        examples.queryTimeout = 5;
        ClarifyRun run = new ClarifyRun(examples, CommandLine.populateCommand(new InterpretChoices()), tmp.resolve("out"),
                SimulatedUser.Kind.HELPFUL, List.of(StrategyName.EIG, StrategyName.MAX_PROB), 42, null, null);

        try (StandInSuite standIn = StandInSuite.serving(interpreter(answer), new OneQuestionClarify())) {
            Ran ran = Ran.of((summary, err) -> run.execute(standIn.suiteOptions("--overtone-home", tmp.resolve("home").toString()),
                    summary, err));
            assertThat(ran.exit()).isZero();
        }
        return JSON.readTree(tmp.resolve("out/report.json").toFile());
    }

    private List<JsonNode> dialogues() throws Exception {
        return Files.readAllLines(tmp.resolve("out/dialogues.jsonl")).stream().map(l -> {
            try {
                return JSON.readTree(l);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    @Test
    void theHelpfulUserReachesEachGoldThatAReadingReturnsAndMissesTheOneNoneReturns() throws Exception {
        JsonNode report = run(r -> readings(List.of(ExampleLines.STARS, NAMES)));

        for (String strategy : List.of("eig", "max-prob")) {
            JsonNode m = report.path("strategies").path(strategy);
            assertThat(m.path("n").asInt()).as(strategy).isEqualTo(2);
            assertThat(m.path("reachable").asInt()).as(strategy).isEqualTo(1);
            assertThat(m.path("accuracy").asDouble()).as(strategy).isEqualTo(50.0);
            assertThat(m.path("accuracy_reachable").asDouble()).as(strategy).isEqualTo(100.0);
            assertThat(m.path("mean_questions").asDouble()).as(strategy).isEqualTo(1.0);
        }
        assertThat(dialogues()).hasSize(4).allSatisfy(d -> {
            assertThat(d.path("final_sql").asText()).isEqualTo(ExampleLines.STARS);
            assertThat(d.path("accurate").asBoolean()).isEqualTo(d.path("gold").asInt() == 0);
        });
        assertThat(report.path("run").path("examples").asInt()).isEqualTo(1);
    }

    @Test
    void whenInterpretFailsEveryDialogueOfTheExampleIsAnError() throws Exception {
        JsonNode report = run(r -> {
            throw Status.DEADLINE_EXCEEDED.withDescription("parse took too long").asRuntimeException();
        });

        assertThat(report.path("strategies").path("eig").path("errors").asInt()).isEqualTo(2);
        assertThat(dialogues()).hasSize(4).allSatisfy(d -> {
            assertThat(d.path("reachable").asBoolean()).isFalse();
            assertThat(d.path("error").asText()).isEqualTo("Interpret DEADLINE_EXCEEDED: parse took too long");
        });
    }
}
