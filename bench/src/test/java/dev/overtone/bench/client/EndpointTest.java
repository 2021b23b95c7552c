package dev.overtone.bench.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EndpointTest {

    @Test
    void theHttpPortStandsAtTheServicesOffsetFromTheGrpcPort() {
        Endpoint interpreter = Endpoint.parse("localhost:43090", 10);
        assertThat(interpreter).isEqualTo(new Endpoint("localhost", 43090, 43100));
        assertThat(interpreter.readinessUri()).isEqualTo("http://localhost:43100/q/health/ready");
        assertThat(interpreter).hasToString("localhost:43090");
    }

    @Test
    void theLastColonSplitsSoAnIpv6HostKeepsItsOwn() {
        assertThat(Endpoint.parse("[::1]:9000", -1)).isEqualTo(new Endpoint("[::1]", 9000, 8999));
    }

    @Test
    void anAddressWithoutHostOrNumericPortSaysWhatItExpected() {
        assertThatThrownBy(() -> Endpoint.parse("localhost", 0)).hasMessage("expected host:port, got 'localhost'");
        assertThatThrownBy(() -> Endpoint.parse(":8090", 0)).hasMessage("expected host:port, got ':8090'");
        assertThatThrownBy(() -> Endpoint.parse("localhost:", 0)).hasMessage("expected host:port, got 'localhost:'");
        assertThatThrownBy(() -> Endpoint.parse("localhost:http", 0))
                .hasMessage("expected host:port with a numeric port, got 'localhost:http'");
    }
}
