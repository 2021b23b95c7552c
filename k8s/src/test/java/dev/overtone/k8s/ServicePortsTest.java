package dev.overtone.k8s;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How the manifest test reads each service's ports and gRPC clients from its application.properties. */
class ServicePortsTest {

    @TempDir
    Path checkout;

    @Test
    void theProdProfileWinsOverTheUnprofiledPort() throws IOException {
        writeAll("""
                quarkus.http.port=8100
                quarkus.grpc.server.port=8090
                %prod.quarkus.grpc.server.port=9090
                %test.quarkus.http.test-port=18100
                """);

        assertThat(ServicePorts.read(checkout).byService().get("parser-svc"))
                .isEqualTo(new ServicePorts.Ports(9090, 8100));
    }

    @Test
    void grpcOnTheHttpPortIsRefused() throws IOException {
        writeAll("""
                quarkus.http.port=8100
                quarkus.grpc.server.port=8090
                quarkus.grpc.server.use-separate-server=false
                """);

        assertThatThrownBy(() -> ServicePorts.read(checkout)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("quarkus.grpc.server.use-separate-server=false");
    }

    @Test
    void aMissingGrpcPortIsNamed() throws IOException {
        writeAll("quarkus.http.port=8100\n");

        assertThatThrownBy(() -> ServicePorts.read(checkout)).hasMessageContaining("sets no quarkus.grpc.server.port");
    }

    @Test
    void onlyUnprofiledClientsAreCalls() throws IOException {
        writeAll("quarkus.http.port=8100\nquarkus.grpc.server.port=8090\n");
        Files.writeString(ServicePorts.applicationProperties(checkout, "infill-svc"), """
                quarkus.http.port=8102
                quarkus.grpc.server.port=8092
                quarkus.grpc.clients.parser.host=${OVERTONE_PARSER_HOST:localhost}
                quarkus.grpc.clients.parser.port=${OVERTONE_PARSER_PORT:8093}
                %test.quarkus.grpc.clients.infill.host=localhost
                """);

        GrpcCalls calls = GrpcCalls.read(checkout);

        assertThat(calls.calleesByCaller().get("infill-svc")).containsExactly("parser-svc");
        assertThat(calls.calleesByCaller().get("parser-svc")).isEmpty();
    }

    @Test
    void theCheckoutServesGrpcAndHttpOnDistinctPorts() {
        ServicePorts ports = ServicePorts.read(Overlay.checkout());

        assertThat(ports.byService()).containsOnlyKeys(ServicePorts.SERVICES);
        ports.byService().forEach((service, pair) -> assertThat(pair.grpc()).as(service).isNotEqualTo(pair.http()));
    }

    private void writeAll(String properties) throws IOException {
        for (String service : ServicePorts.SERVICES) {
            Path file = ServicePorts.applicationProperties(checkout, service);
            Files.createDirectories(file.getParent());
            Files.writeString(file, properties);
        }
    }
}
