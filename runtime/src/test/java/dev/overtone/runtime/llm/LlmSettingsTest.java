package dev.overtone.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** An endpoint's settings as configuration gives them: a blank address is no model, a blank key the no-key key. */
class LlmSettingsTest {
    private static LlmSettings settings(Optional<String> baseUrl, String apiKey) {
        return new LlmSettings("overtone.parser.llm.base-url", baseUrl, apiKey, "qwen", 0.0, OptionalInt.empty(),
                Duration.ofSeconds(5));
    }

    @Test
    void aBlankOrMissingAddressIsNoModelAndAnAddressIsStripped() {
        assertThat(settings(Optional.of("   "), "k").baseUrl()).isEmpty();
        assertThat(settings(Optional.empty(), "k").baseUrl()).isEmpty();
        assertThat(settings(Optional.of(" http://vllm:8000/v1\n"), "k").baseUrl()).contains("http://vllm:8000/v1");
    }

    @Test
    void aBlankOrMissingKeyIsTheKeyEndpointsWithoutAuthAccept() {
        assertThat(settings(Optional.empty(), null).apiKey()).isEqualTo(LlmSettings.NO_KEY);
        assertThat(settings(Optional.empty(), " ").apiKey()).isEqualTo("EMPTY");
        assertThat(settings(Optional.empty(), "sk-1").apiKey()).isEqualTo("sk-1");
    }

    @Test
    void theKeyNamingTheAddressTheModelAndTheTimeoutAreRequired() {
        assertThatThrownBy(() -> new LlmSettings(null, Optional.empty(), "", "m", 0, OptionalInt.empty(), Duration.ZERO))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new LlmSettings("k", Optional.empty(), "", null, 0, OptionalInt.empty(), Duration.ZERO))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new LlmSettings("k", Optional.empty(), "", "m", 0, OptionalInt.empty(), null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void theHttpClientGetsTheTimeoutRoundedUpToWholeSecondsNeverZero() {
        assertThat(withTimeout(Duration.ofMillis(300)).httpTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(withTimeout(Duration.ZERO).httpTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(withTimeout(Duration.ofMillis(2_500)).httpTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(withTimeout(Duration.ofSeconds(8)).httpTimeout()).isEqualTo(Duration.ofSeconds(8));
        assertThat(withTimeout(Duration.ofMillis(8_001)).timeout()).as("the caller's own timeout is kept exact")
                .isEqualTo(Duration.ofMillis(8_001));
    }

    private static LlmSettings withTimeout(Duration timeout) {
        return new LlmSettings("k", Optional.empty(), "", "m", 0, OptionalInt.empty(), timeout);
    }
}
