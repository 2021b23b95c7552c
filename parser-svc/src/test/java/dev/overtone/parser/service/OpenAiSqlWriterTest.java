package dev.overtone.parser.service;

import dev.overtone.parser.config.ParserConfig;
import dev.overtone.parser.grpc.LlmStubProfile;
import dev.overtone.runtime.llm.ModelFailure;
import dev.overtone.runtime.llm.RetryableModelFailure;
import dev.overtone.runtime.testing.ConfigStub;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SQL writer against the fake vLLM endpoint (the module's LLM profile: model {@code stub-model}): the
 * {@code overtone.parser.llm.*} knobs are what each call sends, one call per complete (retries are ParseService's),
 * and without a base URL it says it is not configured and names the key to set.
 */
@QuarkusTest
@TestProfile(LlmStubProfile.class)
class OpenAiSqlWriterTest {

    @Inject
    OpenAiSqlWriter writer;
    @Inject
    ParserConfig config;

    @BeforeEach
    void reset() {
        FakeOpenAiEndpoint.server().resetAll();
    }

    @Test
    void theSystemAndUserMessagesGoToTheConfiguredModelWithItsTemperatureAndTokenCap() {
        FakeOpenAiEndpoint.answerEveryCall(FakeOpenAiEndpoint.server(), 200, FakeOpenAiEndpoint.completion("SELECT name FROM hotels"));

        assertThat(writer.configured()).isTrue();
        assertThat(writer.complete("You write SQLite.", "every hotel's name")).isEqualTo("SELECT name FROM hotels");

        FakeOpenAiEndpoint.server().verify(1, postRequestedFor(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH))
                .withHeader("Authorization", equalTo("Bearer " + config.llm().apiKey().orElseThrow()))
                .withRequestBody(matchingJsonPath("$.model", equalTo("stub-model")))
                .withRequestBody(matchingJsonPath("$.temperature", equalTo("0.0")))
                .withRequestBody(matchingJsonPath("$.max_tokens", equalTo(String.valueOf(config.llm().maxTokens()))))
                .withRequestBody(matchingJsonPath("$.messages[0].role", equalTo("system")))
                .withRequestBody(matchingJsonPath("$.messages[0].content", equalTo("You write SQLite.")))
                .withRequestBody(matchingJsonPath("$.messages[1].content", equalTo("every hotel's name"))));
    }

    @Test
    void aFailingEndpointIsOneCallAndARetryableModelFailure() {
        FakeOpenAiEndpoint.answerEveryCall(FakeOpenAiEndpoint.server(), 503, "{\"object\":\"error\",\"message\":\"loading\"}");

        assertThatThrownBy(() -> writer.complete("You write SQLite.", "every hotel")).isInstanceOf(RetryableModelFailure.class);
        FakeOpenAiEndpoint.server().verify(1, postRequestedFor(urlPathEqualTo(FakeOpenAiEndpoint.CHAT_PATH)));
    }

    @Test
    void anUnknownModelIsAFailureNotWorthARetry() {
        FakeOpenAiEndpoint.answerEveryCall(FakeOpenAiEndpoint.server(), 404, "{\"object\":\"error\",\"message\":\"no such model\"}");

        assertThatThrownBy(() -> writer.complete("You write SQLite.", "every hotel"))
                .isInstanceOf(ModelFailure.class).isNotInstanceOf(RetryableModelFailure.class);
    }

    @Test
    void withoutABaseUrlItIsNotConfiguredAndACallNamesTheKeyToSet() {
        OpenAiSqlWriter unset = new OpenAiSqlWriter(ConfigStub.of(ParserConfig.class, Map.of("llm", ConfigStub.of(ParserConfig.Llm.class,
                Map.of("baseUrl", Optional.empty(), "apiKey", Optional.empty(), "model", "m", "temperature", 0.0, "maxTokens", 64,
                        "timeout", java.time.Duration.ofSeconds(1))))));

        assertThat(unset.configured()).isFalse();
        assertThatThrownBy(() -> unset.complete("You write SQLite.", "every hotel"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("overtone.parser.llm.base-url");
    }
}
