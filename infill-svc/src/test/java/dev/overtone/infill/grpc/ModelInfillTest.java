package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.concurrent.TimeUnit;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

/** Model infill against WireMock as vLLM: parsing, the covered sentence, and every fault the caller must survive. */
@QuarkusTest
@TestProfile(ModelProfile.class)
class ModelInfillTest {
    private static final String CHAT = FakeOpenAiEndpoint.CHAT_PATH;

    @GrpcClient("infill")
    InfillServiceGrpc.InfillServiceBlockingStub infill;
    @Inject
    CircuitBreakerMaintenance circuits;

    @BeforeEach
    void reset() {
        FakeVllm.makeTheFirstModelCall(() -> {
            ask();
            ask();
        });
        FakeVllm.server().resetAll();
        circuits.resetAll();
        FakeParser.down = false;
    }

    @AfterEach
    void everyParserCallWasAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    private InfillResponse ask() {
        return infill.withDeadlineAfter(15, TimeUnit.SECONDS).infill(InfillRequests.rating().build());
    }

    private static void answer(String content) {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 200, FakeVllm.completion(content));
    }

    private static void fail(int status) {
        FakeVllm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(status).withBody("{\"error\":\"x\"}")));
    }

    private static void assertStructuralFallback(InfillResponse response, String reasonStart) {
        assertThat(response.getDegraded()).isTrue();
        assertThat(response.getDegradedReasonsList()).anyMatch(r -> r.startsWith(reasonStart));
        assertThat(response.getDegradationsList()).anySatisfy(d -> {
            assertThat(d.getStage()).isEqualTo(dev.overtone.proto.v1.Stage.STAGE_INFILL_MODEL);
            assertThat(d.getMessage()).startsWith(reasonStart);
        });
        assertThat(response.getReadingsList()).extracting(InfilledReading::getStrategy)
                .containsExactly(InfillStrategy.INFILL_STRATEGY_STRUCTURAL);
    }

    @Test
    void missingReadingsWithProseAroundThemAreParsedAndTheAdapterIsTheModel() {
        answer("Sure! Here are the missing interpretations:\n\n- The average review score of each hotel\n"
                + "- The star rating of each hotel\n- **The number of reviews of each hotel**\n\nLet me know if you need more.");

        InfillResponse response = ask();

        assertThat(response.getDegraded()).isFalse();
        assertThat(response.getAllCovered()).isFalse();
        assertThat(response.getReadingsList()).filteredOn(r -> r.getStrategy() == InfillStrategy.INFILL_STRATEGY_MODEL)
                .extracting(InfilledReading::getText)
                // the star rating is already in the set: not new
                .containsExactly("The average review score of each hotel", "The number of reviews of each hotel");
        assertThat(response.getReadingsList()).anyMatch(r -> r.getStrategy() == InfillStrategy.INFILL_STRATEGY_STRUCTURAL);
        FakeVllm.server().verify(1, postRequestedFor(urlPathMatching(CHAT))
                .withRequestBody(matchingJsonPath("$.model", containing("ambrosia-infill")))
                .withRequestBody(containing("the star rating of each hotel")));
    }

    @Test
    void theCoveredSentenceSaysAllCovered() {
        answer("All possible interpretations are covered.");
        InfillResponse response = ask();
        assertThat(response.getAllCovered()).isTrue();
        assertThat(response.getDegraded()).isFalse();
        assertThat(response.getReadingsList()).noneMatch(r -> r.getStrategy() == InfillStrategy.INFILL_STRATEGY_MODEL);
    }

    @Test
    void slowModelTimesOutIntoStructuralReadings() {
        FakeVllm.server().stubFor(post(urlPathMatching(CHAT)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(FakeVllm.completion("x")).withFixedDelay(6000)));
        assertStructuralFallback(ask(), "model: timed out");
    }

    /** A server error may pass (retried once); a client error will not (asked once); either way structural readings. */
    @ParameterizedTest
    @CsvSource({"500, 2", "400, 1"})
    void anHttpErrorIsDegradedAfterTheRetriesItsKindEarns(int status, int calls) {
        fail(status);
        assertStructuralFallback(ask(), "model: HTTP " + status);
        FakeVllm.server().verify(calls, postRequestedFor(urlPathMatching(CHAT)));
    }

    @Test
    void rateLimitIsRetriedAndRecovers() {
        FakeVllm.server().stubFor(post(urlPathMatching(CHAT)).inScenario("429").whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(429)).willSetStateTo("ok"));
        FakeVllm.server().stubFor(post(urlPathMatching(CHAT)).inScenario("429").whenScenarioStateIs("ok")
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody(FakeVllm.completion("1. The number of reviews of each hotel"))));
        InfillResponse response = ask();
        assertThat(response.getDegraded()).isFalse();
        assertThat(response.getReadingsList()).anyMatch(r -> r.getText().equals("The number of reviews of each hotel"));
        FakeVllm.server().verify(2, postRequestedFor(urlPathMatching(CHAT)));
    }

    @Test
    void malformedJsonIsDegraded() {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 200, "{\"choices\": [ {");
        assertStructuralFallback(ask(), "model: malformed JSON");
        // a cut-off body is a transport fault (a proxy's, a dropped connection's): retried once, like a 5xx
        FakeVllm.server().verify(2, postRequestedFor(urlPathMatching(CHAT)));
    }

    @Test
    void emptyChoicesIsDegraded() {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 200, FakeOpenAiEndpoint.NO_CHOICES);
        assertStructuralFallback(ask(), "model: ");
    }

    @Test
    void repeatedFailuresOpenTheCircuitAndStructuralStillAnswers() {
        fail(503);
        for (int i = 0; i < 4; i++) {
            ask();
        }
        int before = FakeVllm.server().getAllServeEvents().size();
        InfillResponse response = ask();
        assertStructuralFallback(response, "model: circuit breaker open");
        assertThat(FakeVllm.server().getAllServeEvents()).hasSize(before);
        given().when().get("/q/health/ready").then().statusCode(200).body(containsString("OPEN"));
    }
}
