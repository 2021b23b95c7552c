package dev.overtone.infill.grpc;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

/** WireMock standing in for the vLLM pod serving the infilling adapter. */
public class FakeVllm implements QuarkusTestResourceLifecycleManager {
    public static WireMockServer server;

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options().dynamicPort());
        server.start();
        return Map.of("overtone.infill.model.base-url", server.baseUrl() + "/v1",
                "overtone.infill.model.name", "ambrosia-infill",
                "overtone.infill.model.timeout-ms", "700",
                "overtone.infill.model.retries", "1");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }

    public static String completion(String content) {
        String escaped = content.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        return """
                {"id":"cmpl-1","object":"chat.completion","created":1,"model":"ambrosia-infill",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"%s"},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}""".formatted(escaped);
    }
}
