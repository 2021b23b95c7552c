package dev.overtone.runtime.testing;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

/**
 * WireMock standing in for vLLM's OpenAI-compatible {@code /v1/chat/completions} in a service's
 * {@code @QuarkusTest}: the one fake LLM endpoint of every service that calls a model (shipped in
 * runtime's test-jar). A subclass names its service's keys; its tests reach the started server through {@link #server()}.
 */
public abstract class FakeOpenAiEndpoint implements QuarkusTestResourceLifecycleManager {
    public static final String CHAT_PATH = "/v1/chat/completions";
    /** A well-formed chat completion without any choice: an answer with no text. */
    public static final String NO_CHOICES = "{\"id\":\"x\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\",\"choices\":[]}";

    /** The one test app of a JVM that runs at a time has at most one such endpoint started. */
    private static volatile WireMockServer started;

    private WireMockServer server;

    /** The service's configuration pointing at {@code baseUrl} (with {@code /v1}), with its test timeouts. */
    protected abstract Map<String, String> configure(String baseUrl);

    /** The endpoint the running test app calls, to stub and verify its chat calls. */
    public static WireMockServer server() {
        WireMockServer now = started;
        if (now == null) {
            throw new IllegalStateException("no fake OpenAI endpoint is started: the test's profile must list it as a test resource");
        }
        return now;
    }

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options().dynamicPort());
        server.start();
        started = server;
        return configure(server.baseUrl() + "/v1");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
            if (started == server) {
                started = null;
            }
        }
    }

    /** Every chat call from now on is answered with this status and JSON body (a {@link #completion}, or something broken). */
    public static void answerEveryCall(WireMockServer server, int status, String json) {
        server.stubFor(post(urlPathMatching(CHAT_PATH)).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(json)));
    }

    /** A chat completion as vLLM returns it, with the given assistant text. */
    public static String completion(String content) {
        StringBuilder escaped = new StringBuilder();
        for (char c : content.toCharArray()) {
            switch (c) {
                case '\\' -> escaped.append("\\\\");
                case '"' -> escaped.append("\\\"");
                case '\n' -> escaped.append("\\n");
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                default -> escaped.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return """
                {"id":"cmpl-1","object":"chat.completion","created":1,"model":"m",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"%s"},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}""".formatted(escaped);
    }
}
