package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overtone exec} over real gRPC against a stand-in executor-svc that answers as the real one was recorded
 * answering on the demo tenant ({@link RecordedService}): one JSON result per input line, a line that is not JSON or a
 * refused statement said in its own line, and one statement's rows as a table.
 */
class ExecCommandTest {
    private static final String NAMES = "SELECT name FROM hotels";
    private static final String DELETE = "DELETE FROM hotels";

    @TempDir
    Path dir;

    private final RecordedService recorded = RecordedService.executor();
    private final List<ExecuteRequest> received = new CopyOnWriteArrayList<>();
    private StandInService executor;

    @AfterEach
    void stop() {
        if (executor != null) {
            executor.close();
        }
        recorded.assertEveryCallRecorded();
    }

    @Test
    void eachLineOfTheFileGetsOneJsonResultAndABadLineOrARefusalIsSaidInItsOwnLine() throws Exception {
        serveRecorded();
        ExecuteResponse names = recorded.response("execute.names.json");
        Path jsonl = Files.writeString(dir.resolve("statements.jsonl"), String.join("\n",
                "{\"sql\": \"" + NAMES + "\"}", "", "not json", "{\"sql\": \"" + DELETE + "\"}", ""));

        Ran exec = exec("--jsonl", jsonl.toString());

        assertThat(exec.exit()).isZero();
        assertThat(exec.err()).isEmpty();
        List<JsonObject> lines = exec.out().lines().map(line -> JsonParser.parseString(line).getAsJsonObject()).toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).get("sql").getAsString()).isEqualTo(NAMES);
        assertThat(lines.get(0).get("status").getAsString()).isEqualTo("OK");
        assertThat(lines.get(0).get("rows").getAsInt()).isEqualTo(names.getRowsCount());
        assertThat(lines.get(0).get("truncated").getAsBoolean()).isEqualTo(names.getTruncated());
        assertThat(lines.get(0).get("elapsed_ms").getAsDouble()).isEqualTo(names.getElapsedMicros() / 1000.0);
        assertThat(lines.get(1).get("status").getAsString()).isEqualTo("INVALID_ARGUMENT");
        assertThat(lines.get(1).get("message").getAsString()).startsWith("not a JSON object with a \"sql\" string: ");
        assertThat(lines.get(2).get("sql").getAsString()).isEqualTo(DELETE);
        assertThat(lines.get(2).get("status").getAsString()).isEqualTo("PERMISSION_DENIED");
        assertThat(lines.get(2).get("message").getAsString()).startsWith("refused by rule read-only");
        assertThat(lines.get(2).get("rows").getAsInt()).isZero();
        assertThat(received).extracting(ExecuteRequest::getSql).containsExactly(NAMES, DELETE);
        assertThat(received).allSatisfy(request -> {
            assertThat(request.getTenant()).isEqualTo("demo");
            assertThat(request.getDatabase()).isEqualTo("hotels");
        });
    }

    @Test
    void oneStatementIsPrintedAsATableWithItsCountAndTime() throws Exception {
        serveRecorded();
        ExecuteResponse names = recorded.response("execute.names.json");

        Ran exec = exec("--sql", NAMES);

        assertThat(exec.exit()).isZero();
        List<String> lines = exec.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("name");
        assertThat(lines.get(1)).matches("-+");
        assertThat(lines.subList(2, lines.size() - 1)).containsExactlyElementsOf(
                names.getRowsList().stream().map(row -> row.getCells(0).getText()).toList());
        assertThat(lines.get(lines.size() - 1)).isEqualTo(String.format("(%d rows, %.1f ms)", names.getRowsCount(),
                names.getElapsedMicros() / 1000.0));
    }

    @Test
    void aTruncatedResultSaysSoAfterItsCount() throws Exception {
        // the demo tenant has no table past executor-svc's row limit, so no recording is truncated
        executor = StandInService.serving(ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getExecuteMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    observer.onNext(ExecuteResponse.newBuilder().addColumns(ResultColumn.newBuilder().setName("name"))
                            .addRows(Row.newBuilder().addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText("Grand")))
                            .setTruncated(true).setElapsedMicros(1_500).build());
                    observer.onCompleted();
                })).build());

        assertThat(exec("--sql", NAMES).out()).endsWith("(1 row, truncated, 1.5 ms)\n");
    }

    @Test
    void aRefusedStatementEndsTheCommandWithTheFailuresExitCode() throws Exception {
        serveRecorded();

        Ran exec = exec("--sql", DELETE);

        assertThat(exec.exit()).isEqualTo(2);
        assertThat(exec.out()).isEmpty();
        assertThat(exec.err()).startsWith("executor-svc answered PERMISSION_DENIED: refused by rule read-only");
    }

    private void serveRecorded() throws Exception {
        executor = StandInService.serving(ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getExecuteMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    received.add(request);
                    recorded.answer("Execute", request, observer);
                })).build());
    }

    private Ran exec(String... args) {
        ExecCommand command = new ExecCommand();
        command.executor = ExecutorServiceGrpc.newBlockingStub(executor.channel());
        String[] where = {"--tenant", "demo", "--db", "hotels"};
        return Ran.run(command, Stream.concat(Stream.of(where), Stream.of(args)).toArray(String[]::new));
    }
}
