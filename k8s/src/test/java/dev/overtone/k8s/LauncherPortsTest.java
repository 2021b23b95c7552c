package dev.overtone.k8s;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * bin/overtone runs each replica of a service on the ports of the service's application.properties, moved by
 * OVERTONE_PORT_BASE and by 100 per replica: what {@code bin/overtone status} lists, with no suite running.
 */
class LauncherPortsTest {

    @TempDir
    Path home;

    @Test
    void everyReplicaListensOnItsServicesConfiguredPortsMovedByThePortBase() throws Exception {
        ServicePorts ports = ServicePorts.read(Overlay.checkout());
        int shift = 41090 - ports.byService().get("interpreter-svc").grpc();

        Map<String, List<Integer>> listed = status(Overlay.checkout(), "41090", 2);

        assertThat(listed).hasSize(2 * ServicePorts.SERVICES.size());
        ports.byService().forEach((service, configured) -> {
            for (int replica = 0; replica < 2; replica++) {
                int moved = shift + 100 * replica;
                assertThat(listed.get(service + " " + replica)).as(service + " replica " + replica)
                        .containsExactly(configured.grpc() + moved, configured.http() + moved);
            }
        });
    }

    @Test
    void aPortChangedInApplicationPropertiesIsTheLaunchersWithoutAPortBase(@TempDir Path checkout) throws Exception {
        LauncherProcess.copyInto(checkout);
        int offset = 0;
        for (String service : ServicePorts.SERVICES) {
            Path file = ServicePorts.applicationProperties(checkout, service);
            Files.createDirectories(file.getParent());
            Files.writeString(file, "quarkus.grpc.server.port=" + (7000 + offset) + "\nquarkus.http.port = 70" + (50 + offset)
                    + "\n%prod.quarkus.http.port=" + (7060 + offset) + "\n%test.quarkus.http.port=1\n");
            offset++;
        }

        Map<String, List<Integer>> listed = status(checkout, null, 1);

        assertThat(listed.get("interpreter-svc 0")).containsExactly(7000, 7060);
        assertThat(listed.get("executor-svc 0")).containsExactly(7004, 7064);
    }

    /** "service replica" to its gRPC and HTTP port, as bin/overtone status lists them. */
    private Map<String, List<Integer>> status(Path checkout, String portBase, int replicas) throws IOException, InterruptedException {
        Map<String, String> settings = new HashMap<>(Map.of("OVERTONE_REPLICAS", String.valueOf(replicas)));
        if (portBase != null) {
            settings.put("OVERTONE_PORT_BASE", portBase);
        }
        LauncherProcess status = LauncherProcess.run(checkout, home, settings, "status");
        assertThat(status.exit()).as(status.output()).isZero();
        Map<String, List<Integer>> listed = new HashMap<>();
        for (String line : status.output().split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 4 && ServicePorts.SERVICES.contains(columns[0])) {
                listed.put(columns[0] + " " + columns[1], List.of(port(columns[2]), port(columns[3])));
            }
        }
        return listed;
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }
}
