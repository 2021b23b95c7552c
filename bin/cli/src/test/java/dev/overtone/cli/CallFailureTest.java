package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CallFailureTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream before;

    @BeforeEach
    void captureStderr() {
        before = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(before);
    }

    @Test
    void anUnavailableServiceIsSaidWithHowToStartTheSuite() {
        int exit = CallFailure.report("interpreter-svc", Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());

        assertThat(exit).isEqualTo(2);
        assertThat(printed()).isEqualTo("interpreter-svc answered UNAVAILABLE: connection refused\n"
                + "Is the suite running? Start it with: bin/overtone up\n");
    }

    @Test
    void anotherStatusIsSaidAloneAndWithoutADescriptionNoColonDangles() {
        int exit = CallFailure.report("executor-svc", Status.NOT_FOUND.asRuntimeException());

        assertThat(exit).isEqualTo(2);
        assertThat(printed()).isEqualTo("executor-svc answered NOT_FOUND\n");
    }

    private String printed() {
        return err.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }
}
