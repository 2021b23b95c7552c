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

    @Test
    void everyCallerDialsItsCalleesOwnPortByDefault() {
        Path root = Overlay.checkout();

        assertThat(ClientPortDefaults.check(root, ServicePorts.read(root), GrpcCalls.read(root))).isEmpty();
    }

    @Test
    void aDefaultPortThatIsNotTheCalleesFails() throws IOException {
        writeWithInfillCallingParser("${OVERTONE_PARSER_HOST:localhost}:${OVERTONE_PARSER_PORT:8092}");

        assertThat(ClientPortDefaults.check(checkout, ServicePorts.read(checkout), GrpcCalls.read(checkout)))
                .containsExactly("infill-svc/src/main/resources/application.properties:"
                        + " quarkus.stork.parser.service-discovery.address-list dials parser-svc at 8092 by default,"
                        + " but its quarkus.grpc.server.port is 8093");
    }

    @Test
    void aCallerWithoutADefaultPortForItsCalleeFails() throws IOException {
        writeWithInfillCallingParser("${OVERTONE_PARSER_ADDRESSES}");

        assertThat(ClientPortDefaults.check(checkout, ServicePorts.read(checkout), GrpcCalls.read(checkout)))
                .singleElement().asString().contains("infill-svc", "names no default port for parser-svc");
    }

    private void writeWithInfillCallingParser(String addresses) throws IOException {
        writeAll("quarkus.http.port=8100\nquarkus.grpc.server.port=8090\n");
        Files.writeString(ServicePorts.applicationProperties(checkout, "parser-svc"),
                "quarkus.http.port=8103\nquarkus.grpc.server.port=8093\n");
        Files.writeString(ServicePorts.applicationProperties(checkout, "infill-svc"), """
                quarkus.http.port=8102
                quarkus.grpc.server.port=8092
                quarkus.grpc.clients.parser.host=parser
                quarkus.stork.parser.service-discovery.address-list=%s
                """.formatted(addresses));
    }

    private void writeAll(String properties) throws IOException {
        for (String service : ServicePorts.SERVICES) {
            Path file = ServicePorts.applicationProperties(checkout, service);
            Files.createDirectories(file.getParent());
            Files.writeString(file, properties);
        }
    }
}
