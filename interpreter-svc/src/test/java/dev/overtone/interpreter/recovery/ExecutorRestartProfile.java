package dev.overtone.interpreter.recovery;

import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.FreePort;
import java.util.Map;

/**
 * executor-svc on a port of its own, free when the profile is made (a server the test starts and stops, at the
 * configured {@code quarkus.grpc.clients.executor.port}), everything else on the test app.
 */
public class ExecutorRestartProfile extends ConfigProfile {
    public ExecutorRestartProfile() {
        this(FreePort.take());
    }

    private ExecutorRestartProfile(int port) {
        super(Map.of("quarkus.grpc.clients.executor.port", String.valueOf(port),
                "quarkus.grpc.clients.executor.test-port", String.valueOf(port)));
    }
}
