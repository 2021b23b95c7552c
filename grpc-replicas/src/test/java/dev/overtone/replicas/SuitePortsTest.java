package dev.overtone.replicas;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SuitePortsTest {
    @TempDir
    Path checkout;

    @BeforeEach
    void writeServices() throws IOException {
        for (int i = 0; i < SuitePorts.SERVICES.size(); i++) {
            Path file = properties(SuitePorts.SERVICES.get(i));
            Files.createDirectories(file.getParent());
            Files.writeString(file, "quarkus.http.port=" + (7200 + i) + "\nquarkus.grpc.server.port=" + (7090 + i) + "\n");
        }
    }

    @Test
    void eachServiceListensWhereItsOwnConfigurationSays() {
        SuitePorts ports = new SuitePorts(checkout, OptionalInt.empty());

        for (int i = 0; i < SuitePorts.SERVICES.size(); i++) {
            assertThat(List.of(ports.grpc(SuitePorts.SERVICES.get(i), 0), ports.http(SuitePorts.SERVICES.get(i), 0)))
                    .containsExactly(7090 + i, 7200 + i);
        }
    }

    @Test
    void thePortBaseMovesEveryServiceAndEachReplicaIsAHundredOn() {
        SuitePorts ports = new SuitePorts(checkout, OptionalInt.of(44090));

        assertThat(ports.grpc("interpreter-svc", 0)).isEqualTo(44090);
        assertThat(ports.grpc("executor-svc", 2)).isEqualTo(44294);
        assertThat(ports.http("clarify-svc", 1)).isEqualTo(44301);
    }

    @Test
    void theProdValueIsTheOneThePackagedServiceReads() throws IOException {
        Files.writeString(properties("infill-svc"), "quarkus.grpc.server.port=7092\n%prod.quarkus.grpc.server.port=7192\n"
                + "quarkus.http.port=7202\n");

        assertThat(new SuitePorts(checkout, OptionalInt.empty()).grpc("infill-svc", 0)).isEqualTo(7192);
    }

    @Test
    void aPortThatIsNotANumberIsNamedWithItsFile() throws IOException {
        Files.writeString(properties("clarify-svc"), "quarkus.grpc.server.port=${PORT}\nquarkus.http.port=7201\n");

        assertThatThrownBy(() -> new SuitePorts(checkout, OptionalInt.empty()))
                .hasMessageContaining("clarify-svc/src/main/resources/application.properties must set quarkus.grpc.server.port"
                        + " to a port number, not '${PORT}'");
    }

    @Test
    void aServiceOutsideTheSuiteIsRefusedNamingTheSuitesOwn() {
        assertThatThrownBy(() -> new SuitePorts(checkout, OptionalInt.empty()).grpc("parser", 0))
                .hasMessage("unknown service parser; the suite's are " + SuitePorts.SERVICES);
    }

    private Path properties(String service) {
        return checkout.resolve(service).resolve("src/main/resources/application.properties");
    }
}
