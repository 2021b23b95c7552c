package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class CallFailureTest {
    private final StringWriter err = new StringWriter();

    @Test
    void anUnavailableServiceIsSaidWithHowToStartTheSuite() {
        int exit = CallFailure.report(new PrintWriter(err, true), "interpreter-svc",
                Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());

        assertThat(exit).isEqualTo(2);
        assertThat(Ran.lines(err)).isEqualTo("interpreter-svc answered UNAVAILABLE: connection refused\n"
                + "Is the suite running? Start it with: bin/overtone up\n");
    }

    @Test
    void anotherStatusIsSaidAloneAndWithoutADescriptionNoColonDangles() {
        int exit = CallFailure.report(new PrintWriter(err, true), "executor-svc", Status.NOT_FOUND.asRuntimeException());

        assertThat(exit).isEqualTo(2);
        assertThat(Ran.lines(err)).isEqualTo("executor-svc answered NOT_FOUND\n");
    }
}
