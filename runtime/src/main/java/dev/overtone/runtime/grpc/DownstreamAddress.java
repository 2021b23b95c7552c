package dev.overtone.runtime.grpc;

import io.quarkus.runtime.LaunchMode;
import org.eclipse.microprofile.config.Config;

import java.util.Optional;

/**
 * Where a gRPC client of Quarkus looks for its service, in words for a failure message, read from the client's own
 * configuration ({@code quarkus.grpc.clients.NAME.*}): the replicas of Stork's static list
 * ({@code quarkus.stork.HOST.service-discovery.address-list}, what bin/overtone sets), the Stork service otherwise,
 * or {@code host:port} for grpc-java's DNS resolver (tests; Kubernetes' headless Services).
 */
public final class DownstreamAddress {
    /** Quarkus's gRPC client port when none is configured. */
    static final int QUARKUS_DEFAULT_PORT = 9000;

    private DownstreamAddress() {
    }

    public static String of(String client, Config config) {
        return of(client, config, LaunchMode.current() == LaunchMode.TEST);
    }

    /** Under {@code @QuarkusTest} ({@code test}) a Quarkus client dials its {@code test-port} where one is set. */
    static String of(String client, Config config, boolean test) {
        String prefix = "quarkus.grpc.clients." + client + ".";
        String host = config.getOptionalValue(prefix + "host", String.class).orElse("localhost");
        String resolver = config.getOptionalValue(prefix + "name-resolver", String.class).orElse("dns");
        if (resolver.equals("stork")) {
            String discovery = "quarkus.stork." + host + ".service-discovery.";
            return config.getOptionalValue(discovery + "address-list", String.class)
                    .orElseGet(() -> "Stork service " + host + " ("
                            + config.getOptionalValue(discovery + "type", String.class).orElse("unknown") + " discovery)");
        }
        Optional<Integer> testPort = test ? config.getOptionalValue(prefix + "test-port", Integer.class) : Optional.empty();
        return host + ":" + testPort.or(() -> config.getOptionalValue(prefix + "port", Integer.class)).orElse(QUARKUS_DEFAULT_PORT);
    }
}
