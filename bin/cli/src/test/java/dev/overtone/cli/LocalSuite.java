package dev.overtone.cli;

import dev.overtone.replicas.StaticReplicas;
import dev.overtone.replicas.SuitePorts;
import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The suite as `bin/overtone up` starts it: five packaged services as separate processes and an
 * embedded PostgreSQL, in a runtime folder and on ports of its own so it never meets a developer's.
 */
final class LocalSuite implements AutoCloseable {

    /**
     * Below the kernel's ephemeral ports (32768 and up), where a probe of a free port can connect to itself;
     * {@code -Dovertone.it.port-base} and {@code -Dovertone.it.pg-port} move them (two checkouts testing at once).
     */
    static final int PORT_BASE = Integer.getInteger("overtone.it.port-base", 23090);
    static final int PG_PORT = Integer.getInteger("overtone.it.pg-port", 23532);
    static final Path CHECKOUT = Path.of(System.getProperty("overtone.checkout", "../..")).toAbsolutePath().normalize();

    final Path checkout = CHECKOUT;
    final Path home;
    final int portBase;
    final int pgPort;
    private final SuitePorts ports;
    private final List<ManagedChannel> channels = new ArrayList<>();
    private final Map<String, String> extraEnvironment;

    LocalSuite(Map<String, String> extraEnvironment) throws IOException {
        this("it-home", PORT_BASE, PG_PORT, extraEnvironment);
    }

    /** A suite in a runtime folder (under bin/cli/target) and on ports of its own, apart from the default one. */
    LocalSuite(String homeName, int portBase, int pgPort, Map<String, String> extraEnvironment) throws IOException {
        this.extraEnvironment = Map.copyOf(extraEnvironment);
        this.portBase = portBase;
        this.pgPort = pgPort;
        this.ports = new SuitePorts(checkout, OptionalInt.of(portBase));
        home = checkout.resolve("bin/cli/target").resolve(homeName);
        Files.createDirectories(home);
    }

    /** Runs bin/overtone with this suite's environment; returns exit code and output. */
    Result overtone(Duration timeout, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(checkout.resolve("bin/overtone").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(checkout.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment());
        Path output = Files.createTempFile(home, "overtone-", ".out");
        Process process = builder.redirectOutput(output.toFile()).start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new IllegalStateException("bin/overtone " + String.join(" ", arguments) + " did not finish in "
                    + timeout + ":\n" + Files.readString(output));
        }
        return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("OVERTONE_HOME", home.toString());
        env.put("OVERTONE_PORT_BASE", String.valueOf(portBase));
        env.put("OVERTONE_PG_PORT", String.valueOf(pgPort));
        env.putAll(extraEnvironment);
        return env;
    }

    ManagedChannel channel(String service) {
        return channel(service, 0);
    }

    /** A channel to one replica of a service. */
    ManagedChannel channel(String service, int replica) {
        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", port(service, replica)).usePlaintext().build();
        channels.add(channel);
        return channel;
    }

    /**
     * A channel that balances its calls (round_robin) over the given replicas of a service: what the services get
     * from Stork's static list, for a client outside them (the tests have no Stork).
     */
    @SuppressWarnings("deprecation") // nameResolverFactory: a per-channel resolver, not a process-wide registration
    ManagedChannel balancedChannel(String service, int replicas) {
        List<EquivalentAddressGroup> addresses = new ArrayList<>();
        for (int replica = 0; replica < replicas; replica++) {
            addresses.add(StaticReplicas.localhost(port(service, replica)));
        }
        StaticReplicas resolver = new StaticReplicas("localhost", addresses);
        ManagedChannel channel = NettyChannelBuilder.forTarget(resolver.target()).nameResolverFactory(resolver)
                .defaultLoadBalancingPolicy("round_robin").usePlaintext().build();
        channels.add(channel);
        return channel;
    }

    /** The gRPC port of a replica of a service in this suite. */
    int port(String service, int replica) {
        return ports.grpc(service, replica);
    }

    /** The HTTP port (/q/health, /q/metrics) of a replica of a service in this suite. */
    int httpPort(String service, int replica) {
        return ports.http(service, replica);
    }

    static int port(String service) {
        return new SuitePorts(CHECKOUT, OptionalInt.of(PORT_BASE)).grpc(service, 0);
    }

    /** The sum of a Prometheus metric's samples on a service's /q/metrics; 0 when absent. */
    double metric(String service, String name) throws IOException, InterruptedException {
        return metric(service, 0, name);
    }

    /** The same, of one replica of a service. */
    double metric(String service, int replica, String name) throws IOException, InterruptedException {
        // HTTP/1.1: the JDK client's default h2c upgrade can hang on Quarkus's HTTP server, past its timeout.
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        String body = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + httpPort(service, replica) + "/q/metrics")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        return body.lines().filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .mapToDouble(LocalSuite::sampleValue).sum();
    }

    /** The value of one exposition line: the token after the labels, before any exemplar ("# {...} v ts"). */
    static double sampleValue(String line) {
        String sample = line.contains(" # ") ? line.substring(0, line.indexOf(" # ")) : line;
        int labelsEnd = sample.lastIndexOf('}');
        String afterLabels = (labelsEnd >= 0 ? sample.substring(labelsEnd + 1) : sample.substring(sample.indexOf(' '))).strip();
        return Double.parseDouble(afterLabels.split("\\s+")[0]);
    }

    long pid(String component) throws IOException {
        return Long.parseLong(Files.readString(home.resolve("run").resolve(component + ".pid")).strip());
    }

    /** Kills a component's process the hard way, as a crash would. */
    void kill(String component) throws IOException {
        ProcessHandle.of(pid(component)).ifPresent(process -> {
            process.destroyForcibly();
            process.onExit().join();
        });
    }

    @Override
    public void close() throws Exception {
        channels.forEach(ManagedChannel::shutdownNow);
        overtone(Duration.ofMinutes(2), "down");
    }

    record Result(int exitCode, String output) {
    }
}
