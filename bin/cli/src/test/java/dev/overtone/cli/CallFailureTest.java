package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CallFailureTest {
    @RegisterExtension
    final PrintedOutput printed = new PrintedOutput();

    @Test
    void anUnavailableServiceIsSaidWithHowToStartTheSuite() {
        int exit = CallFailure.report("interpreter-svc", Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());

        assertThat(exit).isEqualTo(2);
        assertThat(printed.err()).isEqualTo("interpreter-svc answered UNAVAILABLE: connection refused\n"
                + "Is the suite running? Start it with: bin/overtone up\n");
    }

    @Test
    void anotherStatusIsSaidAloneAndWithoutADescriptionNoColonDangles() {
        int exit = CallFailure.report("executor-svc", Status.NOT_FOUND.asRuntimeException());

        assertThat(exit).isEqualTo(2);
        assertThat(printed.err()).isEqualTo("executor-svc answered NOT_FOUND\n");
    }
}
