package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.cli.replay.FaultPlan;
import dev.overtone.cli.replay.RecordedOutputs;
import dev.overtone.cli.replay.ReplayServer;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The suite in LLM mode against the replay server: the interpreter's default-interpretation prompt and
 * parser-svc's parse prompts are answered from a recorded run, infill's adapter is unknown to it (404).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LlmReplaySuiteIT {

    private static final String MODEL = "replay-model";
    private static final String STARS = "Show the name of each hotel with its number of stars";
    private static final String REVIEWS = "Show the name of each hotel with the average score of its reviews";
    private static final String REVIEW_SQL =
            "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name";

    private ReplayServer replay;
    private LocalSuite suite;

    @BeforeAll
    void up() throws Exception {
        Path dir = Files.createTempDirectory("llm-replay-it");
        Path recorded = dir.resolve("recorded.jsonl");
        Files.writeString(recorded, """
                {"id": "it-0", "default_model": "replay-model", "sql_model": "replay-model", "question": "return the rating of each hotel", "defaults": [{"interpretation": "%s", "sql": "SELECT name, stars FROM hotels", "sqls": ["SELECT name, stars FROM hotels"]}, {"interpretation": "%s", "sql": "%s", "sqls": ["%s"]}]}
                """.formatted(STARS, REVIEWS, REVIEW_SQL, REVIEW_SQL));
        replay = new ReplayServer(RecordedOutputs.read(recorded), Set.of(MODEL), FaultPlan.none(), Duration.ZERO, "localhost", 0,
                System.err::println);
        replay.start();
        String url = "http://localhost:" + replay.port() + "/v1";
        suite = new LocalSuite(Map.of("OVERTONE_LLM_BASE_URL", url, "OVERTONE_INTERPRETER_LLM_BASE_URL", url,
                "OVERTONE_INFILL_MODEL_BASE_URL", url, "OVERTONE_LLM_MODEL", MODEL));
        suite.overtone(Duration.ofMinutes(2), "down");
        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(5), "up");
        assertThat(up.exitCode()).as(up.output()).isZero();
    }

    @AfterAll
    void down() throws Exception {
        try {
            suite.close();
        } finally {
            replay.close();
        }
    }

    private InterpretResponse ask(String question) {
        return InterpreterServiceGrpc.newBlockingStub(suite.channel("interpreter-svc")).withDeadlineAfter(60, TimeUnit.SECONDS)
                .interpret(InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(question).build());
    }

    @Test
    void theRecordedInterpretationsAreParsedWithTheRecordedSqlAndInfillFallsBackToStructural() {
        InterpretResponse answer = ask("return the rating of each hotel");

        assertThat(answer.getOutcome()).as(answer.toString()).isEqualTo(Outcome.OUTCOME_AMBIGUOUS);
        List<Interpretation> defaults = answer.getInterpretationsList().stream()
                .filter(i -> i.getSource() == Source.SOURCE_DEFAULT).toList();
        assertThat(defaults).extracting(Interpretation::getText).containsExactlyInAnyOrder(STARS, REVIEWS);
        assertThat(defaults).extracting(Interpretation::getSql).anySatisfy(sql -> assertThat(sql).containsIgnoringCase("AVG(r.score)"));
        assertThat(defaults).allSatisfy(i -> assertThat(i.getPreview().getRowsCount()).isPositive());
        assertThat(answer.getFailuresList()).isEmpty();
        // The infilling adapter has no recorded outputs: 404, as vLLM answers an unknown model; infill is structural, flagged.
        assertThat(answer.getWarningsList()).anySatisfy(w -> assertThat(w).startsWith("infill-svc degraded: model:").contains("404"));
        assertThat(replay.counts().get(ReplayServer.Outcome.DEFAULTS)).isPositive();
        assertThat(replay.counts().get(ReplayServer.Outcome.PARSE)).isGreaterThanOrEqualTo(2);
        assertThat(replay.counts().get(ReplayServer.Outcome.UNKNOWN_MODEL)).isPositive();
    }

    @Test
    void aQuestionTheRecordingDoesNotHoldIsAnHttpErrorTheSuiteSurvives() {
        InterpretResponse answer = ask("how many rooms does each hotel have");

        assertThat(answer.getInterpretationsList()).noneMatch(i -> i.getSource() == Source.SOURCE_DEFAULT);
        assertThat(answer.getWarningsList()).anySatisfy(w -> assertThat(w).startsWith("defaults: the LLM failed").contains("400"));
        assertThat(replay.counts().get(ReplayServer.Outcome.UNMATCHED)).isPositive();
    }
}
