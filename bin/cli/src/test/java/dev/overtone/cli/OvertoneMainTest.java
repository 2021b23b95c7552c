package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;

/**
 * The application as bin/overtone runs it, against a stand-in interpreter-svc over real gRPC: a command comes from CDI
 * with its gRPC client injected, and what it prints on stdout and stderr passes the terminal filter (an escape sequence
 * in a reading's SQL or a stage's detail is not sent to the terminal).
 */
@QuarkusMainTest
@TestProfile(OvertoneMainTest.AgainstStandIn.class)
class OvertoneMainTest {
    private static final String SQL = "SELECT name FROM hotels -- \u001b]0;owned\u0007";
    private static final String DETAIL = "1 reading \u001b[2J";

    /** interpreter-svc's client pointed at a stand-in that streams a stage with {@link #DETAIL}, then one answer with {@link #SQL}. */
    public static class AgainstStandIn implements QuarkusTestProfile {
        static StandInService interpreter;

        @Override
        public Map<String, String> getConfigOverrides() {
            InterpretResponse answer = InterpretResponse.newBuilder()
                    .addInterpretations(Interpretation.newBuilder().setId("r1").setText("the names").setSql(SQL)).build();
            try {
                interpreter = StandInService.serving(ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                        .addMethod(InterpreterServiceGrpc.getStreamInterpretMethod(), ServerCalls.asyncServerStreamingCall((request, out) -> {
                            out.onNext(InterpretEvent.newBuilder().setStageFinished(StageFinished.newBuilder()
                                    .setKind(Stage.STAGE_PARSE).setDetail(DETAIL)).build());
                            out.onNext(InterpretEvent.newBuilder().setAnswer(answer).build());
                            out.onCompleted();
                        })).build());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String port = String.valueOf(interpreter.port());
            // a client in the test profile goes to its test-port (by default the gRPC server's test port)
            return Map.of("quarkus.grpc.clients.interpreter.port", port, "quarkus.grpc.clients.interpreter.test-port", port);
        }
    }

    /** The application wraps System.out and System.err for the rest of the process; the next test classes get theirs back. */
    private static final PrintStream STDOUT = System.out;
    private static final PrintStream STDERR = System.err;

    @AfterAll
    static void stop() {
        System.setOut(STDOUT);
        System.setErr(STDERR);
        if (AgainstStandIn.interpreter != null) {
            AgainstStandIn.interpreter.close();
        }
    }

    @Test
    void aCommandCallsTheSuiteThroughItsInjectedClientAndItsOutputReachesTheTerminalWithoutEscapes(QuarkusMainLauncher launcher) {
        LaunchResult result = launcher.launch("ask", "--tenant", "demo", "--db", "hotels", "names of the hotels");

        assertThat(result.exitCode()).as(result.getErrorOutput()).isZero();
        assertThat(result.getOutput()).contains("SQL: SELECT name FROM hotels -- \uFFFD]0;owned\uFFFD").doesNotContain("\u001b", "\u0007");
        // the test's console decodes each byte the filter writes alone: the check mark before it reads as replacements
        assertThat(result.getErrorOutput()).contains(" parse (0.0 ms) 1 reading \uFFFD[2J").doesNotContain("\u001b");
    }
}
