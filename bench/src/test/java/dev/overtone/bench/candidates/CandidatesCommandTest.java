package dev.overtone.bench.candidates;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.Ran;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;

/**
 * {@code bench candidates} against a stand-in interpreter-svc over real gRPC that keeps at most 4 caller candidates and
 * says so (DEGRADATION_CAUSE_CANDIDATES_CUT), as interpreter-svc does above its limit.
 */
class CandidatesCommandTest {
    private static final int KEPT = 4;

    @TempDir
    Path tmp;

    private static InterpretResponse cutAboveTheLimit(InterpretRequest request) {
        InterpretResponse.Builder answer = readings(List.of(request.getDefaults(0).getSql())).toBuilder();
        if (request.getDefaultsCount() > KEPT) {
            answer.addDegradations(Degradation.newBuilder().setCause(DegradationCause.DEGRADATION_CAUSE_CANDIDATES_CUT)
                    .setService("interpreter-svc").setMessage(request.getDefaultsCount() + " candidates, kept " + KEPT));
        }
        return answer.build();
    }

    private String[] candidates(StandInSuite standIn, String... more) {
        Path data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("h1"),
                ExampleLines.line("no-sql", ExampleLines.HOTELS, List.of(ExampleLines.STARS), List.of(), false),
                ExampleLines.rating("h2"));
        return standIn.command("candidates", List.of(List.of("--data", data.toString(), "--out", tmp.resolve("out").toString(),
                "--overtone-home", tmp.resolve("home").toString()), List.of(more)).stream().flatMap(List::stream).toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--questions=0", "--small=0", "--large=15", "--rounds=0", "--warmup=-1"})
    void sizesThatCannotBeComparedAreABadCommandLine(String option) throws Exception {
        Ran ran;
        try (StandInSuite standIn = StandInSuite.serving()) {
            ran = Ran.bench(candidates(standIn, option));
        }

        ran.assertRefusedWith("bench: --questions, --small, --rounds >= 1, --large > --small, --warmup >= 0");
    }

    @Test
    void eachQuestionWithSqlDefaultsIsAskedSmallAndLargeAndTheCutLargeRequestsAreCounted() throws Exception {
        Ran ran;
        try (StandInSuite standIn = StandInSuite.serving(interpreter(CandidatesCommandTest::cutAboveTheLimit))) {
            ran = Ran.bench(candidates(standIn, "--small", "3", "--large", "6", "--rounds", "2", "--warmup", "1"));
        }

        assertThat(ran.exit()).isZero();
        JsonNode report = new ObjectMapper().readTree(tmp.resolve("out/report.json").toFile());
        assertThat(report.path("run").path("questions").asInt()).isEqualTo(2);
        assertThat(report.path("statuses").path("small OK").asInt()).isEqualTo(4);
        assertThat(report.path("statuses").path("large OK").asInt()).isEqualTo(4);
        assertThat(report.path("large_requests_cut").asInt()).isEqualTo(2);
        assertThat(report.path("large_mean_distinct_sql").asDouble()).isBetween(1.0, 6.0);
        assertThat(report.path("ratio_of_p50").asDouble())
                .isEqualTo(report.path("large_p50_ms").asDouble() / report.path("small_p50_ms").asDouble());
        assertThat(ran.out()).startsWith("candidates: 2 questions x 2 rounds;")
                .endsWith("report: " + tmp.resolve("out/report.json") + System.lineSeparator());
    }
}
