package dev.overtone.parser.grpc;

import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.List;
import java.util.Map;

/** A WireMock server answering like vLLM's /v1/chat/completions, and a short LLM timeout. */
public class LlmStubProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("overtone.parser.llm.timeout", "4s", "overtone.parser.llm.max-repairs", "2");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Stub.class));
    }

    /** runtime's shared fake endpoint, with this service's keys. */
    public static class Stub extends FakeOpenAiEndpoint {
        @Override
        protected Map<String, String> configure(String baseUrl) {
            return Map.of("overtone.parser.llm.base-url", baseUrl, "overtone.parser.llm.model", "stub-model");
        }
    }
}
