package dev.overtone.interpreter.recovery;

import dev.overtone.runtime.testing.ConfigProfile;
import java.util.Map;

/** executor-svc on its own port (a server the test starts and stops), everything else on the test app. */
public class ExecutorRestartProfile extends ConfigProfile {
    static final int PORT = 18197;

    public ExecutorRestartProfile() {
        super(Map.of("quarkus.grpc.clients.executor.port", String.valueOf(PORT),
                "quarkus.grpc.clients.executor.test-port", String.valueOf(PORT)));
    }
}
