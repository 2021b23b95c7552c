package dev.overtone.runtime.llm;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import dev.overtone.runtime.testing.RuntimeTestApp;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The one model client against a fake vLLM endpoint over real HTTP: the text out, the messages and settings sent, every
 * failure a {@link ModelFailure} (retryable or not), one request per call (it never retries on its own).
 * quarkus-langchain4j's builder needs a CDI container: runtime's one test app gives it one.
 */
@QuarkusTest
@TestProfile(RuntimeTestApp.class)
class OpenAiChatTest {
    private final FakeOpenAiEndpoint endpoint = new FakeOpenAiEndpoint() {
        @Override
        protected Map<String, String> configure(String baseUrl) {
            return Map.of("base-url", baseUrl);
        }
    };
    private String baseUrl;
    private WireMockServer vllm;

    @BeforeEach
    void start() {
        baseUrl = endpoint.start().get("base-url");
        vllm = FakeOpenAiEndpoint.server();
    }

    @AfterEach
    void stop() {
        endpoint.stop();
    }

    @Test
    void theModelsTextComesOutAndTheSystemAndUserMessagesGoInWithTheSettings() {
        FakeOpenAiEndpoint.answerEveryCall(vllm, 200, FakeOpenAiEndpoint.completion("SELECT name FROM hotels"));

        assertThat(chat(OptionalInt.of(64)).complete("You write SQL.", "every hotel's name"))
                .isEqualTo("SELECT name FROM hotels");

        vllm.verify(postRequestedFor(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH))
                .withHeader("Authorization", equalTo("Bearer sk-test"))
                .withRequestBody(matchingJsonPath("$.model", equalTo("qwen-test")))
                .withRequestBody(matchingJsonPath("$.max_tokens", equalTo("64")))
                .withRequestBody(matchingJsonPath("$.messages[0].role", equalTo("system")))
                .withRequestBody(matchingJsonPath("$.messages[1].content",
                        equalTo("every hotel's name"))));
    }

    @Test
    void anAnswerWithBlankTextIsAFinalFailure() {
        FakeOpenAiEndpoint.answerEveryCall(vllm, 200, FakeOpenAiEndpoint.completion(" \n "));

        assertThatThrownBy(() -> chat(OptionalInt.empty()).complete("every hotel"))
                .isExactlyInstanceOf(ModelFailure.class).hasMessage("the model returned no text (empty choices)");
    }

    @Test
    void aServerErrorIsRetryableAClientErrorIsNotAndNeitherIsTriedTwice() {
        OpenAiChat chat = chat(OptionalInt.empty());

        FakeOpenAiEndpoint.answerEveryCall(vllm, 500, "{\"object\":\"error\",\"message\":\"engine dead\"}");
        assertThatThrownBy(() -> chat.complete("every hotel")).isInstanceOf(RetryableModelFailure.class)
                .hasMessage("HTTP 500 from the model endpoint");
        assertThat(vllm.countRequestsMatching(postRequestedFor(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH)).build()).getCount())
                .as("the caller's fault tolerance retries, not the client").isEqualTo(1);

        FakeOpenAiEndpoint.answerEveryCall(vllm, 404, "{\"object\":\"error\",\"message\":\"model qwen-test does not exist\"}");
        assertThatThrownBy(() -> chat.complete("every hotel")).isExactlyInstanceOf(ModelFailure.class)
                .hasMessage("HTTP 404 from the model endpoint");
    }

    @Test
    void anAnswerWithNoChoicesIsAFinalFailureNotAServerError() {
        FakeOpenAiEndpoint.answerEveryCall(vllm, 200, FakeOpenAiEndpoint.NO_CHOICES);

        assertThatThrownBy(() -> chat(OptionalInt.empty()).complete("every hotel"))
                .isExactlyInstanceOf(ModelFailure.class).hasMessage("the model returned no text (empty choices)");
    }

    @Test
    void aTimeoutUnderASecondStillEndsTheRequestBeforeASlowAnswerArrives() {
        // The REST client counts whole seconds: 300 ms passed as toSeconds() would be 0, which means no timeout at all.
        vllm.stubFor(post(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(FakeOpenAiEndpoint.completion("SELECT 1"))
                .withFixedDelay(4_000)));
        OpenAiChat chat = new OpenAiChat(new LlmSettings("overtone.parser.llm.base-url", Optional.of(baseUrl), "sk-test",
                "qwen-test", 0.0, OptionalInt.empty(), Duration.ofMillis(300)));

        assertThatThrownBy(() -> chat.complete("every hotel")).isInstanceOf(ModelTimeout.class)
                .hasMessage("the model endpoint did not answer in time");
    }

    @Test
    void withoutAnEndpointItIsNotConfiguredAndACallNamesTheKeyToSet() {
        OpenAiChat chat = new OpenAiChat(new LlmSettings("overtone.parser.llm.base-url", Optional.empty(), "", "qwen-test", 0.0,
                OptionalInt.empty(), Duration.ofSeconds(1)));

        assertThat(chat.configured()).isFalse();
        assertThatThrownBy(() -> chat.complete("every hotel")).isInstanceOf(IllegalStateException.class)
                .hasMessage("no LLM endpoint is configured: set overtone.parser.llm.base-url");
    }

    private OpenAiChat chat(OptionalInt maxTokens) {
        OpenAiChat chat = new OpenAiChat(new LlmSettings("overtone.parser.llm.base-url", Optional.of(baseUrl), "sk-test",
                "qwen-test", 0.0, maxTokens, Duration.ofSeconds(10)));
        assertThat(chat.configured()).isTrue();
        return chat;
    }
}
