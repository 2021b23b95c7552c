package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overtone exec} over real gRPC against a stand-in executor-svc (a service definition on a free port): one JSON
 * result per input line, a line that is not JSON or a refused statement said in its own line, and one statement's rows
 * as a table. The stand-in answers "SELECT ..." with two rows and refuses anything else, as the sandbox would.
 */
class ExecCommandTest {
    @TempDir
    Path dir;

    private final List<ExecuteRequest> received = new ArrayList<>();
    private StandInService executor;

    @BeforeEach
    void serve() throws Exception {
        ServerServiceDefinition definition = ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getExecuteMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    synchronized (received) {
                        received.add(request);
                    }
                    if (!request.getSql().startsWith("SELECT")) {
                        observer.onError(Status.PERMISSION_DENIED.withDescription("refused by rule read-only: a DELETE writes")
                                .asRuntimeException());
                        return;
                    }
                    observer.onNext(twoHotels());
                    observer.onCompleted();
                })).build();
        executor = StandInService.serving(definition);
    }

    @AfterEach
    void stop() {
        executor.close();
    }

    @Test
    void eachLineOfTheFileGetsOneJsonResultAndABadLineOrARefusalIsSaidInItsOwnLine() throws Exception {
        Path jsonl = Files.writeString(dir.resolve("statements.jsonl"), String.join("\n",
                "{\"sql\": \"SELECT name FROM hotels\"}", "", "not json", "{\"sql\": \"DELETE FROM hotels\"}", ""));

        Ran exec = exec("--tenant", "demo", "--db", "hotels", "--jsonl", jsonl.toString());

        assertThat(exec.exit()).isZero();
        assertThat(exec.err()).isEmpty();
        List<String> lines = exec.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("{\"sql\":\"SELECT name FROM hotels\",\"status\":\"OK\",\"message\":\"\",\"rows\":2.0,"
                + "\"truncated\":true,\"elapsed_ms\":1.5}");
        assertThat(lines.get(1)).startsWith("{\"sql\":\"\",\"status\":\"INVALID_ARGUMENT\",\"message\":\"not a JSON object with a \\\"sql\\\" string: ");
        assertThat(lines.get(2)).isEqualTo("{\"sql\":\"DELETE FROM hotels\",\"status\":\"PERMISSION_DENIED\","
                + "\"message\":\"refused by rule read-only: a DELETE writes\",\"rows\":0.0,\"truncated\":false,\"elapsed_ms\":0.0}");
        assertThat(received).extracting(ExecuteRequest::getSql).containsExactly("SELECT name FROM hotels", "DELETE FROM hotels");
        assertThat(received).allSatisfy(request -> {
            assertThat(request.getTenant()).isEqualTo("demo");
            assertThat(request.getDatabase()).isEqualTo("hotels");
        });
    }

    @Test
    void oneStatementIsPrintedAsATableWithItsCountAndTime() {
        Ran exec = exec("--tenant", "demo", "--db", "hotels", "--sql", "SELECT name FROM hotels");

        assertThat(exec.exit()).isZero();
        assertThat(exec.out()).isEqualTo("""
                name
                -----
                Grand
                Lido
                (2 rows, truncated, 1.5 ms)
                """);
    }

    @Test
    void aRefusedStatementEndsTheCommandWithTheFailuresExitCode() {
        Ran exec = exec("--tenant", "demo", "--db", "hotels", "--sql", "DELETE FROM hotels");

        assertThat(exec.exit()).isEqualTo(2);
        assertThat(exec.out()).isEmpty();
        assertThat(exec.err()).startsWith("executor-svc answered PERMISSION_DENIED: refused by rule read-only");
    }

    private Ran exec(String... args) {
        ExecCommand command = new ExecCommand();
        command.executor = ExecutorServiceGrpc.newBlockingStub(executor.channel());
        return Ran.run(command, args);
    }

    private static ExecuteResponse twoHotels() {
        return ExecuteResponse.newBuilder().addColumns(ResultColumn.newBuilder().setName("name"))
                .addRows(Row.newBuilder().addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText("Grand")))
                .addRows(Row.newBuilder().addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText("Lido")))
                .setTruncated(true).setElapsedMicros(1_500).build();
    }
}
