package dev.overtone.replicas;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * The ports bin/overtone gives each replica of each service, from the one place they are set: each service's
 * {@code application.properties} ({@code quarkus.grpc.server.port} and {@code quarkus.http.port}, the {@code %prod.}
 * value if it has one, as bin/properties.sh reads them), all moved by as much as the port base (OVERTONE_PORT_BASE)
 * differs from interpreter-svc's gRPC port, plus {@value #REPLICA_STEP} for each replica after the first.
 */
public final class SuitePorts {
    public static final List<String> SERVICES = List.of("interpreter-svc", "clarify-svc", "infill-svc", "parser-svc", "executor-svc");
    /** Replica r of a service listens on its ports + r times this. */
    public static final int REPLICA_STEP = 100;

    private record Ports(int grpc, int http) {
    }

    private final Map<String, Ports> configured = new LinkedHashMap<>();
    private final int shift;

    /** The ports of a suite started from this checkout; an empty base keeps the configured ones. */
    public SuitePorts(Path checkout, OptionalInt portBase) {
        for (String service : SERVICES) {
            Path file = checkout.resolve(service).resolve("src/main/resources/application.properties");
            Properties properties = load(file);
            configured.put(service, new Ports(port(file, properties, "quarkus.grpc.server.port"),
                    port(file, properties, "quarkus.http.port")));
        }
        this.shift = portBase.orElse(configured.get("interpreter-svc").grpc()) - configured.get("interpreter-svc").grpc();
    }

    /** The same, with the port base bin/overtone exports (OVERTONE_PORT_BASE), if set. */
    public static SuitePorts fromEnvironment(Path checkout) {
        String base = System.getenv("OVERTONE_PORT_BASE");
        return new SuitePorts(checkout, base == null || base.isBlank() ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(base.strip())));
    }

    public int grpc(String service, int replica) {
        return of(service).grpc() + shift + REPLICA_STEP * replica;
    }

    /** Where the replica serves /q/health and /q/metrics. */
    public int http(String service, int replica) {
        return of(service).http() + shift + REPLICA_STEP * replica;
    }

    private Ports of(String service) {
        Ports ports = configured.get(service);
        if (ports == null) {
            throw new IllegalArgumentException("unknown service " + service + "; the suite's are " + SERVICES);
        }
        return ports;
    }

    private static Properties load(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ", where the service's ports are set", e);
        }
        return properties;
    }

    private static int port(Path file, Properties properties, String key) {
        String value = properties.getProperty("%prod." + key, properties.getProperty(key, ""));
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(file + " must set " + key + " to a port number, not '" + value + "'", e);
        }
    }
}
