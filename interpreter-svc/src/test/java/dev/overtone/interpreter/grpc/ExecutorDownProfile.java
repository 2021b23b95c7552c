package dev.overtone.interpreter.grpc;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** executor-svc pointed at a port nothing listens on. */
public class ExecutorDownProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        // In test mode Quarkus points clients at the test port unless test-port says otherwise.
        return Map.of("quarkus.grpc.clients.executor.port", "1", "quarkus.grpc.clients.executor.test-port", "1");
    }
}
