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
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.concurrent.Callable;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Dependent
@Unremovable
@Command(name = "ask", mixinStandardHelpOptions = true, description = "Ask a question; print every reading with its SQL and first rows.")
public class AskCommand implements Callable<Integer> {

    @Mixin
    CommandOutput printed;

    @GrpcClient("interpreter")
    InterpreterServiceBlockingStub interpreter;

    @Mixin
    QuestionInput asked;

    @Option(names = "--stream", description = "Also show each reading as it is found (stages are always shown).")
    boolean stream;

    @Option(names = "--json", description = "Print the answer as JSON.")
    boolean json;

    @Option(names = "--no-infill", description = "Do not look for missing readings.")
    boolean noInfill;

    @Override
    public Integer call() throws Exception {
        InterpretRequest request = request(asked, noInfill, false);
        InterpreterServiceBlockingStub stub = asked.deadline.on(interpreter);
        PrintWriter out = printed.out();
        PrintWriter err = printed.err();
        try {
            InterpretResponse answer = json ? stub.interpret(request) : streamed(stub, request, stream, err);
            if (json) {
                out.println(JsonFormat.printer().print(answer));
            } else {
                new AnswerPrinter(out).print(asked.question, answer);
            }
            return 0;
        } catch (StatusRuntimeException e) {
            return CallFailure.report(err, "interpreter-svc", e);
        }
    }

    static InterpretRequest request(QuestionInput asked, boolean noInfill, boolean startClarification) {
        InterpretOptions.Builder options = InterpretOptions.newBuilder().setStartClarification(startClarification);
        if (noInfill) {
            options.setInfill(false);
        }
        InterpretRequest.Builder request = InterpretRequest.newBuilder()
                .setTenant(asked.where.tenant).setDatabase(asked.where.database).setQuestion(asked.question).setOptions(options);
        asked.sqls.forEach(sql -> request.addDefaults(CallerDefault.newBuilder().setSql(sql)));
        return request.build();
    }

    /** Prints the stages on {@code progress} (stderr) as they finish (and each new reading when asked), returns the answer. */
    private static InterpretResponse streamed(InterpreterServiceBlockingStub stub, InterpretRequest request,
            boolean showReadings, PrintWriter progress) {
        Iterator<InterpretEvent> events = stub.streamInterpret(request);
        while (events.hasNext()) {
            InterpretEvent event = events.next();
            switch (event.getEventCase()) {
                case STAGE_FINISHED -> progress.printf("  ✓ %s (%.1f ms) %s%n", AnswerPrinter.stage(event.getStageFinished()),
                        event.getStageFinished().getMicros() / 1000.0, event.getStageFinished().getDetail());
                case INTERPRETATION_ADDED -> {
                    if (showReadings) {
                        progress.printf("  + %s%n", AnswerPrinter.oneLine(event.getInterpretationAdded().getSql()));
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
