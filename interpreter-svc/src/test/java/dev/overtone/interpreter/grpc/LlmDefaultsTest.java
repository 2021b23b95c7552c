package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.interpreter.service.FailedAt;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StatusCode;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Default interpretations from an LLM (WireMock as vLLM): tolerant parsing and every fault the caller must survive. */
@QuarkusTest
@TestProfile(LlmDefaultsProfile.class)
class LlmDefaultsTest {
    private static final String CHAT = "/v1/chat/completions";

    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;
    @Inject
    CircuitBreakerMaintenance circuits;

    private static boolean warm;

    private Fakes fakes;

    @AfterEach
    void everyCallWasAnsweredFromARecording() {
        fakes.assertEveryCallRecorded();
    }

    @BeforeEach
    void reset() {
        if (!warm) {
            // The first model call of a fresh app loads the HTTP client and may outlast the short test
            // timeout; make it before any test counts requests.
            warm = true;
            FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(200)
                    .withHeader("Content-Type", "application/json").withBody(FakeLlm.completion("All possible interpretations are covered."))));
            ask(rating());
            ask(rating());
        }
        fakes = Fakes.install();
        FakeLlm.server().resetAll();
        circuits.resetAll();
    }

    private InterpretResponse ask(InterpretRequest.Builder request) {
        return interpreter.withDeadlineAfter(15, TimeUnit.SECONDS).interpret(request.build());
    }

    private static InterpretRequest.Builder rating() {
        return InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion("return the rating of each hotel")
                .setOptions(InterpretOptions.newBuilder().setInfill(false));
    }

    /** The first chat call gets {@code first}; every later one answers {@code content}. */
    private static void firstThenAnswer(ResponseDefinitionBuilder first, String content) {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).inScenario("first").whenScenarioStateIs(STARTED)
                .willReturn(first).willSetStateTo("later"));
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).inScenario("first").whenScenarioStateIs("later")
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody(FakeLlm.completion(content))));
    }

    private static void answer(String content) {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(FakeLlm.completion(content))));
    }

    @Test
    void listWithProseAroundItGivesOneDefaultPerLine() {
        answer("Here are the possible interpretations:\n\n1. **The star rating of each hotel**\n"
                + "2. The average review score of each hotel\n\nI hope this helps!");

        InterpretResponse response = ask(rating());

        assertThat(response.getInterpretationsList()).extracting(Interpretation::getText)
                .containsExactlyInAnyOrder("The star rating of each hotel", "The average review score of each hotel");
        assertThat(response.getInterpretationsList()).extracting(Interpretation::getSource).containsOnly(Source.SOURCE_DEFAULT);
        assertThat(response.getWarningsList()).isEmpty();
        FakeLlm.server().verify(1, postRequestedFor(urlPathMatching(CHAT)));
    }

    @Test
    void lineTheParserCannotTranslateIsAFailedReading() {
        answer("- The star rating of each hotel\n- The churn risk of each hotel");
        InterpretResponse response = ask(rating());
        assertThat(response.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(response.getFailuresList()).singleElement().satisfies(f -> {
            new FailedAt(Stage.STAGE_PARSE, "parse", StatusCode.STATUS_CODE_FAILED_PRECONDITION, "FAILED_PRECONDITION").assertSaidBy(f);
            assertThat(f.getSource()).isEqualTo(Source.SOURCE_DEFAULT);
        });
    }

    @Test
    void serverErrorIsRetriedOnceThenAWarning() {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(500).withBody("{\"error\":\"boom\"}")));

        InterpretResponse response = ask(rating());

        assertThat(response.getOutcome()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(response.getWarningsList()).anyMatch(w -> w.startsWith("defaults: the LLM failed: HTTP 500"));
        FakeLlm.server().verify(2, postRequestedFor(urlPathMatching(CHAT)));
    }

    /** A rate limit, a cut-off body or a timeout may pass: the second call's good answer is taken, with no warning. */
    static Stream<Arguments> passingFailures() {
        return Stream.of(
                arguments(named("rate limited", aResponse().withStatus(429).withBody("{\"error\":\"slow down\"}"))),
                arguments(named("a cut-off body", aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"id\":\"chatcmpl-1\",\"object\":\"chat.compl"))),
                arguments(named("timed out", aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody(FakeLlm.completion("The star rating")).withFixedDelay(3000))));
    }

    @ParameterizedTest
    @MethodSource("passingFailures")
    void aPassingFailureIsRetriedOnceAndRecovers(ResponseDefinitionBuilder first) {
        firstThenAnswer(first, "The star rating of each hotel");

        InterpretResponse response = ask(rating());

        assertThat(response.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(response.getWarningsList()).isEmpty();
        FakeLlm.server().verify(2, postRequestedFor(urlPathMatching(CHAT)));
    }

    @Test
    void slowBeyondTheTimeoutIsAWarningAndCallerSqlStillAnswers() {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(FakeLlm.completion("The star rating"))
                .withFixedDelay(3000)));

        InterpretResponse response = ask(rating().addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS))
                .setOptions(InterpretOptions.newBuilder().setInfill(false).setAlsoLlmDefaults(true)));

        assertThat(response.getOutcome()).as("one reading, but the LLM's defaults are missing").isEqualTo(Outcome.OUTCOME_INCOMPLETE);
        assertThat(response.getWarningsList()).contains("defaults: the LLM timed out");
        assertThat(response.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(dev.overtone.proto.v1.Stage.STAGE_DEFAULTS);
            assertThat(d.getCause()).isEqualTo(dev.overtone.proto.v1.DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
        });
    }

    @Test
    void malformedJsonIsRetriedOnceThenAWarning() {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody("{\"choices\": [ {\"message\": ")));

        InterpretResponse response = ask(rating());

        assertThat(response.getOutcome()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(response.getWarningsList()).anyMatch(w -> w.startsWith("defaults: the LLM failed: malformed JSON"));
        FakeLlm.server().verify(2, postRequestedFor(urlPathMatching(CHAT)));
    }

    @Test
    void emptyChoicesIsAWarning() {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"id\":\"x\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\",\"choices\":[]}")));

        InterpretResponse response = ask(rating());

        assertThat(response.getOutcome()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(response.getWarningsList()).anyMatch(w -> w.startsWith("defaults: "));
    }

    @Test
    void repeatedFailuresOpenTheCircuitAndTheAnswerSaysSo() {
        FakeLlm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(503)));
        for (int i = 0; i < 4; i++) {
            ask(rating());
        }
        InterpretResponse response = ask(rating());
        assertThat(response.getWarningsList()).contains("defaults: the LLM circuit breaker is open after repeated failures");
    }
}
