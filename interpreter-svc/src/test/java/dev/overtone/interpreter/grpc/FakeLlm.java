package dev.overtone.interpreter.grpc;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

/** WireMock standing in for a vLLM / OpenAI-compatible endpoint. */
public class FakeLlm implements QuarkusTestResourceLifecycleManager {
    public static WireMockServer server;

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options().dynamicPort());
        server.start();
        return Map.of("overtone.interpreter.llm.base-url", server.baseUrl() + "/v1",
                "overtone.interpreter.llm.timeout-ms", "700",
                "overtone.interpreter.llm.retries", "1",
                "overtone.interpreter.llm.circuit-window", "4",
                "overtone.interpreter.llm.circuit-failure-ratio", "0.75");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }

    /** A chat completion as vLLM returns it, with the given assistant text. */
    public static String completion(String content) {
        String escaped = content.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        return """
                {"id":"cmpl-1","object":"chat.completion","created":1,"model":"m",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"%s"},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}""".formatted(escaped);
    }
}
