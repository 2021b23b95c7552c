package dev.overtone.k8s;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The ports each service listens on, read from its own {@code application.properties}
 * (the {@code %prod.} value if set, else the unprofiled one): the manifests must agree
 * with what the services are configured with, not with a copy.
 */
record ServicePorts(Map<String, Ports> byService) {

    static final List<String> SERVICES = List.of(
            "interpreter-svc", "clarify-svc", "infill-svc", "parser-svc", "executor-svc");

    static final String GRPC_PORT = "quarkus.grpc.server.port";
    static final String HTTP_PORT = "quarkus.http.port";
    static final String SEPARATE_SERVER = "quarkus.grpc.server.use-separate-server";

    /**
     * One service's two listeners: gRPC on grpc-java's own server, and HTTP for
     * {@code /q/health} and {@code /q/metrics}.
     */
    record Ports(int grpc, int http) {
    }

    static ServicePorts read(Path checkout) {
        Map<String, Ports> ports = new LinkedHashMap<>();
        for (String service : SERVICES) {
            Path file = applicationProperties(checkout, service);
            Properties properties = load(file);
            // Quarkus's default is true; false would put gRPC back on the HTTP port, where the
            // unified server mishandles a peer's RST_STREAM (quarkusio/quarkus#56268)
            if (!Boolean.parseBoolean(prodValue(properties, SEPARATE_SERVER, "true"))) {
                throw new IllegalStateException(file + " sets " + SEPARATE_SERVER + "=false; the manifests"
                        + " expect gRPC on its own port (" + GRPC_PORT + "), apart from " + HTTP_PORT);
            }
            ports.put(service, new Ports(port(file, properties, GRPC_PORT), port(file, properties, HTTP_PORT)));
        }
        return new ServicePorts(Map.copyOf(ports));
    }

    static Path applicationProperties(Path checkout, String service) {
        return checkout.resolve(service).resolve("src/main/resources/application.properties");
    }

    static Properties load(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return properties;
    }

    private static int port(Path file, Properties properties, String key) {
        String value = prodValue(properties, key, null);
        if (value == null) {
            throw new IllegalStateException(file + " sets no " + key);
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(file + ": " + key + "=" + value + " is not a plain port number,"
                    + " which the manifest test needs to compare the manifests with", e);
        }
    }

    /** A key's {@code %prod.} value if set, else its unprofiled one, else {@code fallback}: what the packaged service reads. */
    static String prodValue(Properties properties, String key, String fallback) {
        return properties.getProperty("%prod." + key, properties.getProperty(key, fallback));
    }
}
