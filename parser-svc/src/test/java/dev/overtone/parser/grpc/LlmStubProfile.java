package dev.overtone.parser.grpc;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

/** A WireMock server answering like vLLM's /v1/chat/completions, and a short LLM timeout. */
public class LlmStubProfile implements QuarkusTestProfile {

    static WireMockServer server;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("overtone.parser.llm.timeout", "4s", "overtone.parser.llm.max-repairs", "2");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Stub.class));
    }

    public static class Stub implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            server = new WireMockServer(options().dynamicPort());
            server.start();
            return Map.of("overtone.parser.llm.base-url", server.baseUrl() + "/v1", "overtone.parser.llm.model", "stub-model");
        }

        @Override
        public void stop() {
            if (server != null) server.stop();
        }
    }
}
