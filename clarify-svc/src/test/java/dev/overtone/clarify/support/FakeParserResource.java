package dev.overtone.clarify.support;

import io.grpc.Server;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.util.Map;

/** Serves the fake parser-svc ({@link FakeParserServer}) in the test JVM and points the `parser` client at it. */
public class FakeParserResource implements QuarkusTestResourceLifecycleManager {
    private Server server;

    @Override
    public Map<String, String> start() {
        try {
            server = FakeParserServer.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the fake parser-svc", e);
        }
        return Map.of("quarkus.grpc.clients.parser.host", "localhost",
                "quarkus.grpc.clients.parser.port", String.valueOf(server.getPort()),
                // in test mode quarkus-grpc clients dial test-port (which defaults to the app's own test port)
                "quarkus.grpc.clients.parser.test-port", String.valueOf(server.getPort()));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.shutdownNow();
        }
    }
}
