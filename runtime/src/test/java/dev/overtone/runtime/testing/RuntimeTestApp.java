package dev.overtone.runtime.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * runtime's one {@code @QuarkusTest} app: a service of its own, with the separate gRPC server every Overtone service
 * runs, on ports free now unless given. Every runtime test that needs a container names it, so they share one start.
 */
public class RuntimeTestApp implements QuarkusTestProfile {
    private final Map<String, String> overrides = Map.of("quarkus.grpc.server.use-separate-server", "true",
            "quarkus.grpc.server.test-port", portOrFree("quarkus.grpc.server.test-port"),
            "quarkus.http.test-port", portOrFree("quarkus.http.test-port"),
            // the optional LLM extension is on this module's test class path; its checks want a key
            "quarkus.langchain4j.openai.api-key", "not-used");

    @Override
    public Map<String, String> getConfigOverrides() {
        return overrides;
    }

    private static String portOrFree(String key) {
        return System.getProperty(key, String.valueOf(FreePort.take()));
    }
}
