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
 * The port each service listens on, read from its own {@code application.properties}
 * ({@code %prod.quarkus.http.port} if set, else {@code quarkus.http.port}): the
 * manifests must agree with what the services are configured with, not with a copy.
 */
record ServicePorts(Map<String, Integer> byService) {

    static final List<String> SERVICES = List.of(
            "interpreter-svc", "clarify-svc", "infill-svc", "parser-svc", "executor-svc");

    static ServicePorts read(Path checkout) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String service : SERVICES) {
            Path file = checkout.resolve(service).resolve("src/main/resources/application.properties");
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file)) {
                properties.load(reader);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            String port = properties.getProperty("%prod.quarkus.http.port", properties.getProperty("quarkus.http.port"));
            if (port == null) {
                throw new IllegalStateException(file + " sets no quarkus.http.port");
            }
            ports.put(service, Integer.parseInt(port.trim()));
        }
        return new ServicePorts(Map.copyOf(ports));
    }

    int of(String service) {
        Integer port = byService.get(service);
        if (port == null) {
            throw new IllegalArgumentException("unknown service " + service);
        }
        return port;
    }
}
