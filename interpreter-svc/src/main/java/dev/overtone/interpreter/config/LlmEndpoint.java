package dev.overtone.interpreter.config;

import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the OpenAI-compatible endpoint is: this service's own key first, then what the launcher
 * exports for every service (QUARKUS_LANGCHAIN4J_OPENAI_BASE_URL, OVERTONE_LLM_BASE_URL).
 */
public final class LlmEndpoint {
    private LlmEndpoint() {
    }

    public static Optional<String> baseUrl(Optional<String> own) {
        return own.or(() -> Stream.of("QUARKUS_LANGCHAIN4J_OPENAI_BASE_URL", "OVERTONE_LLM_BASE_URL")
                .map(System::getenv).filter(v -> v != null && !v.isBlank()).findFirst());
    }
}
