package dev.overtone.bench.coverage;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.Ran;
import dev.overtone.bench.SuiteOptions;
import dev.overtone.bench.client.DefaultsMode;
import dev.overtone.bench.client.RecordedInterpreter;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Slot;
import io.grpc.Status;
import picocli.CommandLine;

/**
 * A coverage run against a stand-in interpreter-svc over real gRPC: the answer's readings are the prediction, scored by
 * their rows on the example's database beside the recorded defaults; a suite that answers nothing is exit status 3.
 */
class CoverageRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private StandInSuite standIn;

    @AfterEach
    void stop() throws InterruptedException {
        standIn.close();
    }

    /** Runs coverage on the hotel rating question against an interpreter-svc that answers with {@code answer}. */
    private Ran run(Function<InterpretRequest, InterpretResponse> answer) throws Exception {
        standIn = StandInSuite.serving(interpreter(answer));
        ExampleOptions examples = new ExampleOptions();
        examples.data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("h1"));
        examples.concurrency = 1;
        examples.queryTimeout = 5;
        CoverageRun run = new CoverageRun(examples, CommandLine.populateCommand(new InterpretChoices()), tmp.resolve("out"), null,
                tmp.resolve("home"), 10_000, DefaultsMode.CALLER, false);
        SuiteOptions suite = standIn.suiteOptions("--overtone-home", tmp.resolve("home").toString());
        return Ran.of((summary, err) -> run.execute(suite, summary, err));
    }

    private JsonNode report() throws Exception {
        return JSON.readTree(tmp.resolve("out/report.json").toFile());
    }

    private JsonNode prediction() throws Exception {
        return JSON.readTree(Files.readAllLines(tmp.resolve("out/predictions.jsonl")).get(0));
    }

    @Test
    void theReadingsOfTheAnswerArePredictedAndCoverBothGoldsWhereTheDefaultsCoverOne() throws Exception {
        List<InterpretRequest> asked = new ArrayList<>();

        Ran ran = run(request -> {
            asked.add(request);
            return readings(List.of(request.getDefaults(0).getSql(), ExampleLines.SCORE));
        });

        assertThat(ran.exit()).isZero();
        assertThat(asked).singleElement().satisfies(r -> {
            assertThat(r.getTenant()).isEqualTo("bench");
            assertThat(r.getDefaultsList()).extracting(d -> d.getSql()).containsExactly(ExampleLines.STARS);
        });
        assertThat(prediction().path("id").asText()).isEqualTo("h1");
        assertThat(prediction().path("sqls")).extracting(JsonNode::asText).containsExactly(ExampleLines.STARS, ExampleLines.SCORE);
        assertThat(report().path("overtone").path("ambiguous").path("full_coverage").asDouble()).isEqualTo(100.0);
        assertThat(report().path("baseline").path("ambiguous").path("full_coverage").asDouble()).isZero();
        assertThat(report().path("run").path("interpreter").asText()).isEqualTo(standIn.address());
        assertThat(tmp.resolve("out/coverage.png")).exists();
    }

    @Test
    @SuppressWarnings("deprecation") // the string stage: the server's own name of a stage, which bench's must equal
    void theRealAnswersVerdictShownReadingsStagesAndEachReadingsEvidenceAndSlotsAreRecordedAsAnswered() throws Exception {
        InterpretResponse real = RecordedInterpreter.recorded("interpret.stars.json");

        assertThat(run(request -> real).exit()).isZero();

        JsonNode example = JSON.readTree(Files.readAllLines(tmp.resolve("out/examples.jsonl")).get(0));
        assertThat(example.path("outcome").asText()).isEqualTo(real.getOutcome().name());
        assertThat(example.path("ambiguity_probability").asDouble()).isEqualTo(real.getAmbiguityProbability());
        assertThat(example.path("shown").asInt()).isEqualTo(prediction().path("shown").asInt()).isEqualTo(real.getShownCount());
        real.getTimingsList().forEach(t -> assertThat(example.path("stage_micros").path(t.getStage()).asLong()).isEqualTo(t.getMicros()));
        assertThat(example.path("readings")).hasSize(real.getInterpretationsCount()).zipSatisfy(real.getInterpretationsList(), (written, reading) -> {
            assertThat(written.path("sql").asText()).isEqualTo(reading.getSql());
            assertThat(written.path("probability").asDouble()).isEqualTo(reading.getProbability());
            reading.getEvidenceList().forEach(e -> assertThat(written.path("evidence").path(e.getName()).asDouble()).as(e.getName())
                    .isEqualTo(e.getValue()));
            assertThat(written.path("parts")).extracting(JsonNode::asText)
                    .containsExactlyElementsOf(reading.getAnalysis().getSlotsList().stream().map(Slot::getValue).toList());
        });
    }

    @Test
    void whenEveryCallIsUnavailableNothingWasMeasuredAndTheRunExitsThree() throws Exception {
        Ran ran = run(request -> {
            throw Status.UNAVAILABLE.withDescription("interpreter-svc draining").asRuntimeException();
        });

        assertThat(ran.exit()).isEqualTo(3);
        assertThat(ran.err()).endsWith("bench: every Interpret call failed with UNAVAILABLE, nothing was measured; first: "
                + "UNAVAILABLE: interpreter-svc draining" + System.lineSeparator());
        assertThat(ran.out()).as("the report is written and summed up all the same").startsWith("subset ");
        assertThat(prediction().path("error").asText()).isEqualTo("UNAVAILABLE: interpreter-svc draining");
        assertThat(report().path("run").path("overtone_failures_by_status").path("UNAVAILABLE").asInt()).isEqualTo(1);
    }

    @Test
    void aCallThatFailedOtherwiseIsReportedAndTheRunFinishes() throws Exception {
        Ran ran = run(request -> {
            throw Status.INVALID_ARGUMENT.withDescription("unknown database").asRuntimeException();
        });

        assertThat(ran.exit()).isZero();
        assertThat(ran.err()).doesNotContain("nothing was measured");
        assertThat(report().path("overtone").path("ambiguous").path("failures").asInt()).isEqualTo(1);
    }
}
