package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.BiFunction;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

import dev.overtone.bench.chaos.Replicas.Served;
import dev.overtone.replicas.SuitePorts;

/**
 * The replicas bin/overtone runs, as the chaos run reads them: what each served from its own /q/metrics (here served on
 * the ports the checkout's configuration gives it), its PID from bin/overtone's PID file, and a kill only of a service's
 * process (here a harmless {@code tail} or {@code sleep} of this test's own).
 */
class ReplicasTest {
    private static final String INTERPRETER_METRICS = """
            # HELP grpc_server_processing_duration_seconds_count calls served
            # TYPE grpc_server_processing_duration_seconds summary
            grpc_server_processing_duration_seconds_count{method="Interpret",service="overtone.v1.InterpreterService"} 12.0
            grpc_server_processing_duration_seconds_sum{method="Interpret",service="overtone.v1.InterpreterService"} 3.5
            grpc_server_processing_duration_seconds_count{method="Odd}Name",service="overtone.v1.InterpreterService"} 3.0 1700000000000
            grpc_server_processing_duration_seconds_max{method="Interpret",service="overtone.v1.InterpreterService"} 0.2
            overtone_grpc_calls_in_flight 7.0
            """;

    @TempDir
    Path checkout;
    @TempDir
    Path home;

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
        children.forEach(Process::destroyForcibly);
    }

    @Test
    void eachReplicaServedTheSumOfItsServerCallCountsUnderThePidItsPidFileNames() throws Exception {
        Replicas replicas = serving((service, replica) -> service.equals("interpreter-svc") && replica == 0 ? INTERPRETER_METRICS
                : Replicas.SERVED + "{method=\"Call\"} " + calls(service, replica) + "\n");
        pidFile("interpreter-svc", "4242\n");
        pidFile("interpreter-svc-1", " 4343 ");
        pidFile("clarify-svc-1", "not a pid");
        servers.get(servers.size() - 1).stop(0); // executor-svc's second replica does not answer

        Map<String, Served[]> served = replicas.served();

        assertThat(served).containsOnlyKeys(SuitePorts.SERVICES);
        assertThat(List.copyOf(served.keySet())).isEqualTo(SuitePorts.SERVICES);
        assertThat(served.get("interpreter-svc")).containsExactly(new Served(4242, 15.0), new Served(4343, calls("interpreter-svc", 1)));
        assertThat(served.get("clarify-svc")).containsExactly(new Served(-1, calls("clarify-svc", 0)), new Served(-1, calls("clarify-svc", 1)));
        assertThat(served.get("executor-svc")).containsExactly(new Served(-1, calls("executor-svc", 0)), new Served(-1, 0));
    }

    @Test
    void callsBetweenSnapshotsAreTheDifferenceUnlessTheReplicaWasRestartedThenAllItServedSinceItsStart() {
        Map<String, Served[]> before = Map.of("parser-svc", new Served[] {new Served(10, 40), new Served(11, 7)});
        Map<String, Served[]> after = Map.of("parser-svc", new Served[] {new Served(10, 65), new Served(12, 3)});

        assertThat(Replicas.between(before, after)).containsOnlyKeys("parser-svc");
        assertThat(Replicas.between(before, after).get("parser-svc")).containsExactly(25.0, 3.0);
    }

    @Test
    void aKillIsSigkillToTheProcessThePidFileNamesWhenItIsAService() throws Exception {
        Path jar = Files.writeString(home.resolve("quarkus-run.jar"), "");
        Process service = child("tail", "-f", jar.toString());
        pidFile("parser-svc-1", Long.toString(service.pid()));

        replicas(2).kill("parser-svc", 1);

        await("the killed replica's exit").atMost(Duration.ofSeconds(20)).until(() -> !service.isAlive());
        assertThat(service.exitValue()).isEqualTo(128 + 9);
    }

    @Test
    void aPidFileNamingNoServiceOrNoLivingProcessIsRefusedAndNothingIsKilled() throws Exception {
        Process other = child("sleep", "60");
        pidFile("clarify-svc", Long.toString(other.pid()));
        Process exited = child("true");
        exited.waitFor();
        pidFile("infill-svc-1", Long.toString(exited.pid()));
        Replicas replicas = replicas(2);

        assertThatThrownBy(() -> replicas.kill("clarify-svc", 0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("PID " + other.pid() + " of clarify-svc replica 0 is not a service any more");
        assertThat(other.isAlive()).isTrue();
        assertThatThrownBy(() -> replicas.kill("infill-svc", 1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("infill-svc replica 1 is not running (PID " + exited.pid() + ")");
        assertThatThrownBy(() -> replicas.kill("executor-svc", 1)).hasMessage("executor-svc replica 1 is not running (PID -1)");
    }

    /** A distinct count for each replica of each service. */
    private static double calls(String service, int replica) {
        return 10 * SuitePorts.SERVICES.indexOf(service) + replica + 1;
    }

    private Process child(String... command) throws IOException {
        Process p = new ProcessBuilder(command).start();
        children.add(p);
        return p;
    }

    private void pidFile(String name, String content) throws IOException {
        Files.createDirectories(home.resolve("run"));
        Files.writeString(home.resolve("run").resolve(name + ".pid"), content);
    }

    /** Two replicas of each service, each serving {@code metrics(service, replica)} on its HTTP port. */
    private Replicas serving(BiFunction<String, Integer, String> metrics) throws IOException {
        List<Integer> ports = new ArrayList<>();
        for (String service : SuitePorts.SERVICES) {
            HttpServer first = metricsServer(0, metrics.apply(service, 0));
            HttpServer second = null;
            for (int attempt = 0; second == null; attempt++) {
                try {
                    second = metricsServer(first.getAddress().getPort() + SuitePorts.REPLICA_STEP, metrics.apply(service, 1));
                } catch (BindException taken) {
                    first.stop(0);
                    if (attempt == 20) {
                        throw taken;
                    }
                    first = metricsServer(0, metrics.apply(service, 0));
                }
            }
            servers.add(first);
            servers.add(second);
            ports.add(first.getAddress().getPort());
        }
        return configured(ports, 2);
    }

    private static HttpServer metricsServer(int port, String body) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress("localhost", port), 0);
        http.createContext("/q/metrics", exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        http.start();
        return http;
    }

    private Replicas replicas(int count) throws IOException {
        return configured(SuitePorts.SERVICES.stream().map(s -> 1).toList(), count);
    }

    /** A checkout whose services' HTTP ports are {@code httpPorts}, in {@link SuitePorts#SERVICES}' order. */
    private Replicas configured(List<Integer> httpPorts, int count) throws IOException {
        for (int i = 0; i < SuitePorts.SERVICES.size(); i++) {
            Path properties = checkout.resolve(SuitePorts.SERVICES.get(i)).resolve("src/main/resources/application.properties");
            Files.createDirectories(properties.getParent());
            Files.writeString(properties, "quarkus.grpc.server.port=" + (9090 + i) + "\nquarkus.http.port=" + httpPorts.get(i) + "\n");
        }
        return new Replicas(new SuitePorts(checkout, OptionalInt.empty()), count, home);
    }
}
