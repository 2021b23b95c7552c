package dev.overtone.bench.load;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
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

/** A load run against a stand-in interpreter-svc over real gRPC: each call timed and read, the request mix, the report. */
class LoadRunTest {

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

    private static StageTiming timing(Stage stage, long micros) {
        return StageTiming.newBuilder().setKind(stage).setMicros(micros).build();
    }

    @Test
    void aCallKeepsItsStagesSummedByNameTheServersTotalAndItsDegradedStages() throws Exception {
        LoadRun.Call call = callOnce(readings(List.of("SELECT 1")).toBuilder()
                .addTimings(timing(Stage.STAGE_PARSE, 1500)).addTimings(timing(Stage.STAGE_EXECUTE, 3000))
                .addTimings(timing(Stage.STAGE_PARSE, 500)).setTotalMicros(9000)
                .addDegradations(Degradation.newBuilder().setService("infill-svc")
                        .setCause(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE).setMessage("reset")).build());

        assertThat(call.status()).isEqualTo("OK");
        assertThat(call.stageMillis()).containsExactly(Map.entry("parse", 2.0), Map.entry("execute", 3.0),
                Map.entry("total (server)", 9.0));
        assertThat(call.degradations()).containsExactly("infill-svc DEGRADATION_CAUSE_UNAVAILABLE: reset");
        assertThat(call.millis()).isPositive();
        assertThat(call.endSecond()).isPositive();
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
            return readings(List.of(r.getDefaults(0).getSql())).toBuilder().addTimings(timing(Stage.STAGE_EXECUTE, 200)).build();
        }));
        LoadRun run = new LoadRun(tmp.resolve("out"), 2, 1, 0, 7, "demo", "hotels", null, 0, null, true, null);

        Ran ran = Ran.of((summary, err) -> run.execute(standIn.suiteOptions("--overtone-home", tmp.resolve("home").toString()),
                summary, err));

        assertThat(ran.exit()).isZero();
        JsonNode report = new ObjectMapper().readTree(tmp.resolve("out/report.json").toFile());
        assertThat(report.path("calls").asInt()).isPositive().isEqualTo(report.path("ok").asInt()).isEqualTo(received.size());
        assertThat(report.path("errors").isEmpty()).isTrue();
        assertThat(report.path("stages").path("execute").path("p50_ms").asDouble()).isEqualTo(0.2);
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
