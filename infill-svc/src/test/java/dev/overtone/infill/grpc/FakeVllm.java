package dev.overtone.infill.grpc;

import dev.overtone.runtime.testing.FakeOpenAiEndpoint;

import java.util.Map;

/** The vLLM pod serving the infilling adapter (runtime's shared fake endpoint). */
public class FakeVllm extends FakeOpenAiEndpoint {
    @Override
    protected Map<String, String> configure(String baseUrl) {
        return Map.of("overtone.infill.model.base-url", baseUrl,
                "overtone.infill.model.name", "ambrosia-infill",
                "overtone.infill.model.timeout-ms", "2000", // well past a loaded machine's answer time; the slow test waits 3x
                "overtone.infill.model.retries", "1");
    }
}
