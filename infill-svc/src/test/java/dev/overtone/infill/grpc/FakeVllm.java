package dev.overtone.infill.grpc;

import dev.overtone.runtime.testing.FakeOpenAiEndpoint;

import java.util.Map;

import com.github.tomakehurst.wiremock.WireMockServer;

/** The vLLM pod serving the infilling adapter (runtime's shared fake endpoint). */
public class FakeVllm extends FakeOpenAiEndpoint {
    private static WireMockServer warmed;

    /**
     * The first model call of a fresh app loads the HTTP client and may outlast the short test timeout: it is made once
     * per app (per started endpoint), answered "All possible interpretations are covered.", before any test counts
     * requests.
     */
    public static synchronized void makeTheFirstModelCall(Runnable firstCall) {
        if (warmed != server()) {
            warmed = server();
            answerEveryCall(warmed, 200, completion("All possible interpretations are covered."));
            firstCall.run();
        }
    }

    @Override
    protected Map<String, String> configure(String baseUrl) {
        return Map.of("overtone.infill.model.base-url", baseUrl,
                "overtone.infill.model.name", "ambrosia-infill",
                "overtone.infill.model.timeout-ms", "2000", // well past a loaded machine's answer time; the slow test waits 3x
                "overtone.infill.model.retries", "1");
    }
}
