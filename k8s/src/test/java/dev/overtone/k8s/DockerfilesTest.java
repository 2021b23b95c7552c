package dev.overtone.k8s;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Each service image exposes the ports its application.properties configures: gRPC and HTTP. */
class DockerfilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"Dockerfile.jvm", "Dockerfile.native"})
    void everyImageExposesTheGrpcAndHttpPorts(String dockerfile) throws IOException {
        ServicePorts ports = ServicePorts.read(Overlay.checkout());

        for (String service : ServicePorts.SERVICES) {
            Path file = Overlay.checkout().resolve(service).resolve("src/main/docker").resolve(dockerfile);
            List<String> exposed = Files.readAllLines(file).stream()
                    .filter(line -> line.startsWith("EXPOSE "))
                    .flatMap(line -> Arrays.stream(line.substring("EXPOSE ".length()).trim().split("\\s+")))
                    .toList();
            ServicePorts.Ports expected = ports.byService().get(service);

            assertThat(exposed).as(file.toString()).containsExactlyInAnyOrder(
                    String.valueOf(expected.grpc()), String.valueOf(expected.http()));
        }
    }
}
