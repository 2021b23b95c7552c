package dev.overtone.runtime.llm;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where one OpenAI-compatible endpoint is and how to call it, as a service's configuration says.
 *
 * @param baseUrlKey the property that sets the endpoint, named in the message when it is missing
 * @param baseUrl    e.g. {@code http://vllm:8000/v1}; empty = no model
 * @param apiKey     bearer key ({@code EMPTY} for a vLLM without auth)
 * @param model      the model name sent (for vLLM: the served name, a LoRA adapter's too)
 */
public record LlmSettings(String baseUrlKey, Optional<String> baseUrl, String apiKey, String model,
                          double temperature, OptionalInt maxTokens, Duration timeout) {
    /** The key vLLM and most proxies accept when they need none. */
    public static final String NO_KEY = "EMPTY";

    public LlmSettings {
        Objects.requireNonNull(baseUrlKey);
        Objects.requireNonNull(model);
        Objects.requireNonNull(timeout);
        baseUrl = baseUrl.map(String::strip).filter(url -> !url.isEmpty());
        apiKey = apiKey == null || apiKey.isBlank() ? NO_KEY : apiKey;
    }

    /**
     * The timeout the HTTP client is given: {@link #timeout} rounded up to whole seconds. quarkus-langchain4j hands its
     * REST client {@code timeout.toSeconds()}, so 300 ms would become 0, which that client reads as no timeout at all,
     * and 2.5 s would end the request at 2 s. The caller's fault-tolerance timeout still ends the call at the exact value.
     */
    public Duration httpTimeout() {
        long seconds = Math.max(1, timeout.plusNanos(999_999_999).toSeconds());
        return Duration.ofSeconds(seconds);
    }
}
