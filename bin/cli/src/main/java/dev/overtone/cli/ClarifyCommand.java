package dev.overtone.cli;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc.ClarifyServiceBlockingStub;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc.InterpreterServiceBlockingStub;
import dev.overtone.proto.v1.Option;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.Turn;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Dependent
@Unremovable
@Command(name = "clarify", mixinStandardHelpOptions = true, description = "Ask a question, then answer clarifying questions until one reading is left.")
public class ClarifyCommand implements Callable<Integer> {

    @Mixin
    CommandOutput printed;

    @GrpcClient("interpreter")
    InterpreterServiceBlockingStub interpreter;

    @GrpcClient("clarify")
    ClarifyServiceBlockingStub clarify;

    @Mixin
    QuestionInput asked;

    @picocli.CommandLine.Option(names = "--answers", split = ",",
            description = "Scripted replies, in order: an option number or free text, e.g. \"1,either\".")
    List<String> scriptedAnswers = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = printed.out();
        PrintWriter err = printed.err();
        InterpretResponse answer;
        try {
            answer = asked.deadline.on(interpreter)
                    .interpret(AskCommand.request(asked, false, true));
        } catch (StatusRuntimeException e) {
            return CallFailure.report(err, "interpreter-svc", e);
        }
        out.printf("%d reading(s) of \"%s\"%n", answer.getInterpretationsCount(), asked.question);
        if (!answer.hasClarification() || answer.getClarification().getSessionId().isEmpty()) {
            err.println("no dialogue was started: " + String.join("; ", answer.getWarningsList()));
            return 2;
        }
        Deque<String> replies = new ArrayDeque<>(scriptedAnswers);
        BufferedReader terminal = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Turn turn = answer.getClarification();
        try {
            while (turn.hasQuestion()) {
                Question question = turn.getQuestion();
                out.printf("%n%s%n", question.getText());
                for (int i = 0; i < question.getOptionsCount(); i++) {
                    Option option = question.getOptions(i);
                    out.printf("  %d. %s  (%.0f%%)%n", i + 1, option.getLabel(), option.getProbability() * 100);
                }
                out.print("> ");
                out.flush(); // the prompt is seen before the terminal is read
                String reply = replies.isEmpty() ? terminal.readLine() : replies.poll();
                if (reply == null) {
                    err.println("no reply: the dialogue stays open as session " + turn.getSessionId());
                    return 1;
                }
                if (!scriptedAnswers.isEmpty()) {
                    out.println(reply);
                }
                turn = asked.deadline.on(clarify).answer(AnswerRequest.newBuilder()
                        .setSessionId(turn.getSessionId()).setTurn(turn.getNumber())
                        .setReply(reply(question, reply.strip()))
                        .setIdempotencyKey(UUID.randomUUID().toString()).build());
            }
        } catch (StatusRuntimeException e) {
            return CallFailure.report(err, "clarify-svc", e);
        }
        printResolution(out, turn.getResolution(), answer);
        return 0;
    }

    static Reply reply(Question asked, String reply) {
        if (reply.matches("\\d+")) {
            int index = Integer.parseInt(reply) - 1;
            if (index >= 0 && index < asked.getOptionsCount()) {
                return Reply.newBuilder().setOptionId(asked.getOptions(index).getId()).build();
            }
        }
        return Reply.newBuilder().setFreeText(reply).build();
    }

    private static void printResolution(PrintWriter out, Resolution resolution, InterpretResponse answer) {
        out.printf("%nResolved (%s, confidence %.2f): %s%n    SQL: %s%n",
                resolution.getReason().name().replace("RESOLUTION_REASON_", "").toLowerCase(Locale.ROOT),
                resolution.getConfidence(), resolution.getInterpretation(), AnswerPrinter.oneLine(resolution.getSql()));
        answer.getInterpretationsList().stream()
                .filter(reading -> reading.getId().equals(resolution.getCandidateId())
                        || reading.getSql().equals(resolution.getSql()))
                .findFirst()
                .map(Interpretation::getPreview)
                .ifPresent(preview -> TextTable.of(preview.getColumnsList(), preview.getRowsList()).print(out, "    "));
    }

}
