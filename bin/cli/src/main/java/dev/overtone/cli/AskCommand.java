package dev.overtone.cli;

import com.google.protobuf.util.JsonFormat;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc.InterpreterServiceBlockingStub;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Dependent
@Unremovable
@Command(name = "ask", description = "Ask a question; print every reading with its SQL and first rows.")
public class AskCommand implements Callable<Integer> {

    @GrpcClient("interpreter")
    InterpreterServiceBlockingStub interpreter;

    @Option(names = "--tenant", required = true)
    String tenant;

    @Option(names = "--db", required = true)
    String database;

    @Parameters(index = "0", description = "The question.")
    String question;

    @Option(names = "--sql", description = "A reading's SQL you already have (repeatable).")
    List<String> sqls = new ArrayList<>();

    @Option(names = "--stream", description = "Also show each reading as it is found (stages are always shown).")
    boolean stream;

    @Option(names = "--json", description = "Print the answer as JSON.")
    boolean json;

    @Option(names = "--no-infill", description = "Do not look for missing readings.")
    boolean noInfill;

    @Option(names = "--deadline-seconds", defaultValue = "60")
    long deadlineSeconds;

    @Override
    public Integer call() throws Exception {
        InterpretRequest request = request(tenant, database, question, sqls, noInfill, false);
        InterpreterServiceBlockingStub stub = interpreter.withDeadlineAfter(deadlineSeconds, TimeUnit.SECONDS);
        PrintStream out = System.out;
        try {
            InterpretResponse answer = json ? stub.interpret(request) : streamed(stub, request, stream);
            if (json) {
                out.println(JsonFormat.printer().print(answer));
            } else {
                new AnswerPrinter(out).print(question, answer);
            }
            return 0;
        } catch (StatusRuntimeException e) {
            return CallFailure.report("interpreter-svc", e);
        }
    }

    static InterpretRequest request(String tenant, String database, String question, List<String> sqls,
            boolean noInfill, boolean startClarification) {
        InterpretOptions.Builder options = InterpretOptions.newBuilder().setStartClarification(startClarification);
        if (noInfill) {
            options.setInfill(false);
        }
        InterpretRequest.Builder request = InterpretRequest.newBuilder()
                .setTenant(tenant).setDatabase(database).setQuestion(question).setOptions(options);
        sqls.forEach(sql -> request.addDefaults(CallerDefault.newBuilder().setSql(sql)));
        return request.build();
    }

    /** Prints the stages on stderr as they finish (and each new reading when asked), returns the answer. */
    private static InterpretResponse streamed(InterpreterServiceBlockingStub stub, InterpretRequest request,
            boolean showReadings) {
        Iterator<InterpretEvent> events = stub.streamInterpret(request);
        while (events.hasNext()) {
            InterpretEvent event = events.next();
            switch (event.getEventCase()) {
                case STAGE_FINISHED -> System.err.printf("  ✓ %s (%.1f ms) %s%n", AnswerPrinter.stage(event.getStageFinished()),
                        event.getStageFinished().getMicros() / 1000.0, event.getStageFinished().getDetail());
                case INTERPRETATION_ADDED -> {
                    if (showReadings) {
                        System.err.printf("  + %s%n", AnswerPrinter.oneLine(event.getInterpretationAdded().getSql()));
                    }
                }
                case ANSWER -> {
                    return event.getAnswer();
                }
                default -> {
                }
            }
        }
        throw new IllegalStateException("the stream ended without an answer");
    }
}
