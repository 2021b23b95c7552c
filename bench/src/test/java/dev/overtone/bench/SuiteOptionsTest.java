package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.replicas.SuitePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the bench looks for a service: its HTTP port comes from the service's configuration, as the launcher's does. */
class SuiteOptionsTest {

    @Test
    void theReadinessProbeIsOnTheHttpPortTheServicesConfigurationSetsBesideItsGrpcPort(@TempDir Path checkout)
            throws IOException {
        for (String service : SuitePorts.SERVICES) {
            Path properties = checkout.resolve(service).resolve("src/main/resources/application.properties");
            Files.createDirectories(properties.getParent());
            int grpc = service.equals("clarify-svc") ? 9100 : 9000;
            Files.writeString(properties, "quarkus.grpc.server.port=" + grpc + "\nquarkus.http.port=" + (grpc + 7)
                    + "\n%prod.quarkus.http.port=" + (grpc + 37) + "\n");
        }
        SuiteOptions options = new SuiteOptions();
        options.launcher = checkout.resolve("bin/overtone");
        options.interpreter = "example.org:7000";
        options.clarify = "localhost:7100";

        assertThat(options.interpreterEndpoint().readinessUri()).isEqualTo("http://example.org:7037/q/health/ready");
        assertThat(options.clarifyEndpoint().readinessUri()).isEqualTo("http://localhost:7137/q/health/ready");
        assertThat(options.interpreterEndpoint()).hasToString("example.org:7000");
    }
}
