package dev.overtone.bench.load;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.Ran;
import dev.overtone.bench.client.RecordedInterpreter;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import io.grpc.Status;

/**
 * A load run against a stand-in interpreter-svc over real gRPC that answers as the real one was recorded answering: each
 * call timed and read, the request mix, the report.
 */
class LoadRunTest {
    private static final InterpretResponse REAL = RecordedInterpreter.recorded("interpret.stars.json");

    @TempDir
    Path tmp;

    private final List<InterpretRequest> received = new CopyOnWriteArrayList<>();
    private StandInSuite standIn;

    @AfterEach
    void stop() throws InterruptedException {
        standIn.close();
    }

    private LoadRun.Call callOnce(InterpretResponse answer) throws Exception {
        standIn = StandInSuite.serving(interpreter(r -> answer));
        try (Suite suite = standIn.suite()) {
            return LoadRun.call(() -> suite.interpreter(10_000), InterpretRequest.getDefaultInstance(), System.nanoTime());
        }
    }

    /** The stages of the recorded answer by the names interpreter-svc sends beside their kinds, in milliseconds. */
    @SuppressWarnings("deprecation") // the string stage: the server's own name of a stage, which bench's must equal
    private static Map<String, Double> recordedStageMillis() {
        Map<String, Double> stages = new LinkedHashMap<>();
        REAL.getTimingsList().forEach(t -> stages.merge(t.getStage(), t.getMicros() / 1000.0, Double::sum));
        return stages;
    }

    @Test
    void aCallOfTheRealAnswerKeepsItsStagesByNameAndTheServersTotal() throws Exception {
        LoadRun.Call call = callOnce(REAL);

        Map<String, Double> expected = recordedStageMillis();
        expected.put("total (server)", REAL.getTotalMicros() / 1000.0);
        assertThat(call.status()).isEqualTo("OK");
        assertThat(call.stageMillis()).containsExactlyEntriesOf(expected);
        assertThat(call.degradations()).isEmpty();
        assertThat(call.millis()).isPositive();
        assertThat(call.endSecond()).isPositive();
    }

    @Test
    void aStageTimedTwiceIsSummedAndADegradedStageIsKept() throws Exception {
        StageTiming execute = REAL.getTimingsList().stream().filter(t -> t.getKind() == Stage.STAGE_EXECUTE).findFirst().orElseThrow();
        LoadRun.Call call = callOnce(REAL.toBuilder().addTimings(execute).addDegradations(Degradation.newBuilder()
                .setService("infill-svc").setCause(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE).setMessage("reset")).build());

        assertThat(call.stageMillis()).containsEntry("execute", 2 * execute.getMicros() / 1000.0);
        assertThat(call.degradations()).containsExactly("infill-svc DEGRADATION_CAUSE_UNAVAILABLE: reset");
    }

    @Test
    void aFailedCallIsItsStatusAndDescription() throws Exception {
        standIn = StandInSuite.serving(interpreter(r -> {
            throw Status.RESOURCE_EXHAUSTED.withDescription("parser queue full").asRuntimeException();
        }));
        LoadRun.Call call;
        try (Suite suite = standIn.suite()) {
            call = LoadRun.call(() -> suite.interpreter(10_000), InterpretRequest.getDefaultInstance(), System.nanoTime());
        }

        assertThat(call.status()).isEqualTo("RESOURCE_EXHAUSTED");
        assertThat(call.message()).isEqualTo("parser queue full");
        assertThat(call.stageMillis()).isEmpty();
    }

    @Test
    void theDataSetsExamplesJoinTheMixAsTenantBenchAndAreDrawnAtTheirShare() throws Exception {
        Path data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("e1"), ExampleLines.rating("e2"));
        LoadRun run = new LoadRun(tmp.resolve("out"), 1, 1, 0, 1, "demo", "hotels", data, 0.5, 1, false, null, true);
        standIn = StandInSuite.serving();

        LoadRun.Mix mix = run.mix(standIn.suiteOptions("--overtone-home", tmp.resolve("home").toString()),
                new PrintWriter(Writer.nullWriter()));

        assertThat(mix.data()).singleElement().satisfies(r -> {
            assertThat(r.getTenant()).isEqualTo("bench");
            assertThat(r.getQuestion()).isEqualTo("the rating of each hotel (e1)");
            assertThat(r.getDefaultsList()).extracting(d -> d.getSql()).containsExactly(ExampleLines.STARS);
            assertThat(r.getOptions().getInfill()).isFalse();
            assertThat(r.getOptions().getIgnoreMemory()).isTrue();
        });
        assertThat(mix.demo()).hasSize(LoadRun.DEMO.size()).allSatisfy(r -> assertThat(r.getOptions().getIgnoreMemory()).isTrue());
        Random random = new Random(3);
        assertThat(mix.draw(random, 1.0)).isSameAs(mix.data().get(0));
        assertThat(mix.draw(random, 0.0)).isIn(mix.demo());
    }

    @Test
    void aRunMeasuresTheDemoMixForItsSecondsAndWritesTheReport() throws Exception {
        standIn = StandInSuite.serving(interpreter(r -> {
            received.add(r);
            return REAL;
        }));
        LoadRun run = new LoadRun(tmp.resolve("out"), 2, 1, 0, 7, "demo", "hotels", null, 0, null, true, null);

        Ran ran = Ran.of((summary, err) -> run.execute(standIn.suiteOptions("--overtone-home", tmp.resolve("home").toString()),
                summary, err));

        assertThat(ran.exit()).isZero();
        JsonNode report = new ObjectMapper().readTree(tmp.resolve("out/report.json").toFile());
        assertThat(report.path("calls").asInt()).isPositive().isEqualTo(report.path("ok").asInt()).isEqualTo(received.size());
        assertThat(report.path("errors").isEmpty()).isTrue();
        recordedStageMillis().forEach((stage, ms) -> assertThat(report.path("stages").path(stage).path("p50_ms").asDouble()).as(stage)
                .isEqualTo(ms));
        assertThat(report.path("run").path("interpreter").asText()).isEqualTo(standIn.address());
        assertThat(report.path("run").path("ignore_memory").asBoolean()).isFalse();
        assertThat(received).allSatisfy(r -> {
            assertThat(r.getTenant()).isEqualTo("demo");
            assertThat(r.getDatabase()).isEqualTo("hotels");
            assertThat(r.getOptions().getIgnoreMemory()).isFalse();
        });
        assertThat(tmp.resolve("out/report.md")).content().startsWith("# Load report");
        assertThat(run.families()).isEmpty();
    }
}
