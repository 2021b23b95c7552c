package dev.overtone.interpreter.grpc;

import dev.overtone.runtime.testing.ConfigProfile;
import java.util.Map;

/** executor-svc pointed at a port nothing listens on. */
public class ExecutorDownProfile extends ConfigProfile {
    public ExecutorDownProfile() {
        // In test mode Quarkus points clients at the test port unless test-port says otherwise.
        super(Map.of("quarkus.grpc.clients.executor.port", "1", "quarkus.grpc.clients.executor.test-port", "1"));
    }
}
