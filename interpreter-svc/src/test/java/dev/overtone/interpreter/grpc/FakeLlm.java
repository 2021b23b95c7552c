package dev.overtone.interpreter.grpc;

import dev.overtone.runtime.testing.FakeOpenAiEndpoint;

import java.util.Map;

/** A vLLM / OpenAI-compatible endpoint for default interpretations (runtime's shared fake endpoint). */
public class FakeLlm extends FakeOpenAiEndpoint {
    @Override
    protected Map<String, String> configure(String baseUrl) {
        return Map.of("overtone.interpreter.llm.base-url", baseUrl,
                "overtone.interpreter.llm.timeout-ms", "700",
                "overtone.interpreter.llm.retries", "1",
                "overtone.interpreter.llm.circuit-window", "4",
                "overtone.interpreter.llm.circuit-failure-ratio", "0.75");
    }
}
