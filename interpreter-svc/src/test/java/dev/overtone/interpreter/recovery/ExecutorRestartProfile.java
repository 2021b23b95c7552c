package dev.overtone.interpreter.recovery;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** executor-svc on its own port (a server the test starts and stops), everything else on the test app. */
public class ExecutorRestartProfile implements QuarkusTestProfile {
    static final int PORT = 18197;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.grpc.clients.executor.port", String.valueOf(PORT),
                "quarkus.grpc.clients.executor.test-port", String.valueOf(PORT));
    }
}
