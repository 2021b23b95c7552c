package dev.overtone.cli;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Dependent
@Unremovable
@Command(name = "exec", mixinStandardHelpOptions = true, description = "Run SQL in a tenant database through executor-svc's sandbox.")
public class ExecCommand implements Callable<Integer> {

    @Mixin
    CommandOutput printed;

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Mixin
    TenantDatabase where;

    @ArgGroup(multiplicity = "1")
    Input input;

    static class Input {
        @Option(names = "--jsonl", description = "A file of {\"sql\": \"...\"} lines; prints one JSON result per line.")
        Path jsonl;

        @Option(names = "--sql", description = "One statement; prints its rows as a table.")
        String sql;
    }

    @Mixin
    CallDeadline deadline = new CallDeadline(30);

    @Override
    public Integer call() throws Exception {
        PrintWriter out = printed.out();
        if (input.sql != null) {
            try {
                ExecuteResponse result = execute(input.sql);
                TextTable.of(result.getColumnsList(), result.getRowsList()).print(out, "");
                out.printf("(%d row%s%s, %.1f ms)%n", result.getRowsCount(), result.getRowsCount() == 1 ? "" : "s",
                        result.getTruncated() ? ", truncated" : "", result.getElapsedMicros() / 1000.0);
                return 0;
            } catch (StatusRuntimeException e) {
                return CallFailure.report(printed.err(), "executor-svc", e);
            }
        }
        try (BufferedReader lines = Files.newBufferedReader(input.jsonl)) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    out.println(JsonFormat.printer().omittingInsignificantWhitespace().print(runLine(line)));
                }
            }
        }
        return 0;
    }

    private Struct runLine(String line) {
        Struct.Builder result = Struct.newBuilder();
        String sql;
        try {
            Struct.Builder parsed = Struct.newBuilder();
            JsonFormat.parser().merge(line, parsed);
            sql = parsed.getFieldsOrDefault("sql", Value.getDefaultInstance()).getStringValue();
        } catch (Exception e) {
            return result.putFields("sql", string(""))
                    .putFields("status", string("INVALID_ARGUMENT"))
                    .putFields("message", string("not a JSON object with a \"sql\" string: " + e.getMessage())).build();
        }
        result.putFields("sql", string(sql));
        try {
            ExecuteResponse response = execute(sql);
            result.putFields("status", string("OK"))
                    .putFields("message", string(""))
                    .putFields("rows", number(response.getRowsCount()))
                    .putFields("truncated", Value.newBuilder().setBoolValue(response.getTruncated()).build())
                    .putFields("elapsed_ms", number(response.getElapsedMicros() / 1000.0));
        } catch (StatusRuntimeException e) {
            result.putFields("status", string(e.getStatus().getCode().name()))
                    .putFields("message", string(e.getStatus().getDescription() == null ? "" : e.getStatus().getDescription()))
                    .putFields("rows", number(0))
                    .putFields("truncated", Value.newBuilder().setBoolValue(false).build())
                    .putFields("elapsed_ms", number(0));
        }
        return result.build();
    }

    private ExecuteResponse execute(String sql) {
        return deadline.on(executor).execute(
                ExecuteRequest.newBuilder().setTenant(where.tenant).setDatabase(where.database).setSql(sql).build());
    }

    private static Value string(String text) {
        return Value.newBuilder().setStringValue(text).build();
    }

    private static Value number(double value) {
        return Value.newBuilder().setNumberValue(value).build();
    }
}
