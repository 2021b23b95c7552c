package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a failure message says a service was looked for, from the client's configuration as each service writes it. */
class DownstreamAddressTest {

    @Test
    void storksStaticListNamesEveryReplica() {
        assertThat(DownstreamAddress.of("parser", config(Map.of(
                "quarkus.grpc.clients.parser.host", "parser",
                "quarkus.grpc.clients.parser.name-resolver", "stork",
                "quarkus.stork.parser.service-discovery.type", "static",
                "quarkus.stork.parser.service-discovery.address-list", "localhost:8093,localhost:8193"))))
                .isEqualTo("localhost:8093,localhost:8193");
    }

    @Test
    void anotherStorkDiscoveryIsNamedByItsType() {
        assertThat(DownstreamAddress.of("parser", config(Map.of(
                "quarkus.grpc.clients.parser.host", "parser",
                "quarkus.grpc.clients.parser.name-resolver", "stork",
                "quarkus.stork.parser.service-discovery.type", "kubernetes"))))
                .isEqualTo("Stork service parser (kubernetes discovery)");
    }

    @Test
    void theDnsResolverDialsHostAndPortOrQuarkussDefaultPort() {
        assertThat(DownstreamAddress.of("executor", config(Map.of(
                "quarkus.grpc.clients.executor.host", "executor-svc-headless",
                "quarkus.grpc.clients.executor.name-resolver", "dns",
                "quarkus.grpc.clients.executor.port", "8094"))))
                .isEqualTo("executor-svc-headless:8094");
        assertThat(DownstreamAddress.of("executor", config(Map.of()))).isEqualTo("localhost:9000");
    }

    @Test
    void underQuarkusTestTheTestPortIsDialledWhereOneIsSet() {
        var config = config(Map.of("quarkus.grpc.clients.parser.port", "8093", "quarkus.grpc.clients.parser.test-port", "18093"));
        assertThat(DownstreamAddress.of("parser", config, true)).isEqualTo("localhost:18093");
        assertThat(DownstreamAddress.of("parser", config, false)).isEqualTo("localhost:8093");
        assertThat(DownstreamAddress.of("parser", config(Map.of("quarkus.grpc.clients.parser.port", "8093")), true)).isEqualTo("localhost:8093");
    }

    private static SmallRyeConfig config(Map<String, String> properties) {
        return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(properties, "test", 100)).build();
    }
}
