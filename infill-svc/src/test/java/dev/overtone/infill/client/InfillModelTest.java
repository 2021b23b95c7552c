package dev.overtone.infill.client;

import dev.overtone.infill.grpc.FakeVllm;
import dev.overtone.infill.grpc.ModelProfile;
import dev.overtone.runtime.llm.ModelFailure;
import dev.overtone.runtime.llm.ModelTimeout;
import dev.overtone.runtime.llm.RetryableModelFailure;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The infilling model client on its own, against the fake vLLM endpoint (the module's model profile: adapter
 * {@code ambrosia-infill}, 2 s timeout, one retry): the prompt as one user message to the adapter, retried once only
 * for a passing failure and never after a timeout, at most 8 calls at once and 16 waiting, and a circuit that opens
 * after repeated failures and then calls nothing.
 */
@QuarkusTest
@TestProfile(ModelProfile.class)
class InfillModelTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    InfillModel model;
    @Inject
    CircuitBreakerMaintenance circuits;

    @BeforeEach
    void warmUp() {
        FakeVllm.makeTheFirstModelCall(() -> model.complete("warm").onFailure().recoverWithItem("").await().atMost(WAIT));
        reset();
    }

    @AfterEach
    void reset() {
        FakeVllm.server().resetAll();
        circuits.resetAll();
    }

    private String complete(String prompt) {
        return model.complete(prompt).await().atMost(WAIT);
    }

    /** Calls that carried this prompt: a call another test left waiting on a slow answer is logged only once answered. */
    private static int calls(String prompt) {
        return FakeVllm.server().findAll(postRequestedFor(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH))
                .withRequestBody(containing(prompt))).size();
    }

    @Test
    void thePromptGoesToTheAdapterAsOneUserMessageAtTemperatureZeroWithoutATokenCap() {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 200, FakeOpenAiEndpoint.completion("1. The number of reviews"));

        assertThat(model.configured()).isTrue();
        assertThat(complete("Which readings are missing?")).isEqualTo("1. The number of reviews");

        FakeVllm.server().verify(1, postRequestedFor(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH))
                .withRequestBody(matchingJsonPath("$.model", equalTo("ambrosia-infill")))
                .withRequestBody(matchingJsonPath("$.temperature", equalTo("0.0")))
                .withRequestBody(matchingJsonPath("$.max_tokens", absent()))
                .withRequestBody(matchingJsonPath("$.messages.length()", equalTo("1")))
                .withRequestBody(matchingJsonPath("$.messages[0].content", equalTo("Which readings are missing?"))));
    }

    @Test
    void aServerErrorIsRetriedOnceAndAClientErrorNot() {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 500, "{\"error\":\"engine\"}");
        assertThatThrownBy(() -> complete("server error")).isInstanceOf(RetryableModelFailure.class);
        assertThat(calls("server error")).isEqualTo(2);

        FakeVllm.server().resetAll();
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 400, "{\"error\":\"bad\"}");
        assertThatThrownBy(() -> complete("client error")).isInstanceOf(ModelFailure.class).isNotInstanceOf(RetryableModelFailure.class);
        assertThat(calls("client error")).isEqualTo(1);
    }

    /**
     * Past the 2 s timeout (the fault-tolerance one or the HTTP client's, whichever fires first) the call fails and is not
     * asked again. WireMock logs a call once it has answered (2.5 s): a retry, sent within 0.3 s of the timeout, would
     * be logged within the 3 s the count is held at one.
     */
    @Test
    void aTimeoutIsNotRetried() {
        FakeVllm.server().stubFor(post(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(FakeOpenAiEndpoint.completion("x")).withFixedDelay(2500)));

        assertThatThrownBy(() -> complete("slow")).isInstanceOfAny(TimeoutException.class, ModelTimeout.class);
        await().atMost(WAIT).until(() -> calls("slow") >= 1);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(6)).until(() -> calls("slow") == 1);
    }

    @Test
    void repeatedFailuresOpenTheCircuitAndTheNextCallReachesNoModel() {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 400, "{\"error\":\"bad\"}");
        for (int i = 0; i < 4; i++) {
            assertThatThrownBy(() -> complete("refused")).isInstanceOf(ModelFailure.class);
        }
        assertThat(circuits.currentState(InfillModel.CIRCUIT)).isEqualTo(CircuitBreakerState.OPEN);

        assertThatThrownBy(() -> complete("refused")).isInstanceOf(CircuitBreakerOpenException.class);
        assertThat(calls("refused")).isEqualTo(4);
    }

    @Test
    void atMostEightCallsRunAndSixteenWaitTheNextIsRefusedAtOnce() {
        FakeVllm.server().stubFor(post(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(FakeOpenAiEndpoint.completion("x")).withFixedDelay(1500)));
        List<CompletableFuture<String>> running = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            running.add(model.complete("held " + i).subscribeAsCompletionStage());
        }
        assertThat(running).noneMatch(CompletableFuture::isDone);

        assertThatThrownBy(() -> complete("one too many")).isInstanceOf(BulkheadException.class);
        await().atMost(WAIT).until(() -> running.stream().allMatch(CompletableFuture::isDone));
    }
}
