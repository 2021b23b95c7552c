package dev.overtone.interpreter.client;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.runtime.testing.ConfigStub;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The LLM for default interpretations when none is configured (a configured one is exercised by LlmDefaultsTest). */
class InterpretationModelTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void withoutAnEndpointItIsNotConfiguredAndACallNamesTheKnobToSet() {
        InterpretationModel model = new InterpretationModel(config(Optional.empty()));

        assertThat(model.configured()).isFalse();
        assertThatThrownBy(() -> model.complete("Which hotels?").await().atMost(WAIT))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("overtone.interpreter.llm.base-url");
    }

    private static InterpreterConfig config(Optional<String> baseUrl) {
        return ConfigStub.of(InterpreterConfig.class, Map.of("llm", ConfigStub.of(InterpreterConfig.Llm.class,
                Map.of("baseUrl", baseUrl, "apiKey", "EMPTY", "model", "llama-test", "timeoutMs", 5_000L))));
    }
}
