package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Option;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.ResultPreview;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Turn;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code overtone clarify} over real gRPC against stand-in interpreter-svc and clarify-svc: it asks for a dialogue, turns
 * each reply into an option (its 1-based number) or free text, carries the session and turn, prints the resolution with
 * the chosen reading's preview, and ends with a failure when no dialogue started, no reply came or a call failed.
 */
class ClarifyCommandTest {
    private static final String QUESTION = "return the rating of each hotel";
    private static final Question WHICH_RATING = Question.newBuilder().setText("Which rating do you mean?")
            .addOptions(Option.newBuilder().setId("o-stars").setLabel("the stars").setProbability(0.6))
            .addOptions(Option.newBuilder().setId("o-score").setLabel("the guest score").setProbability(0.4)).build();
    private static final Interpretation STARS = Interpretation.newBuilder().setId("r1").setSql("SELECT name, stars FROM hotels")
            .setPreview(ResultPreview.newBuilder().addColumns(ResultColumn.newBuilder().setName("stars"))
                    .addRows(Row.newBuilder().addCells(Cell.newBuilder().setText("5")))).build();
    private static final Interpretation SCORE = Interpretation.newBuilder().setId("r2").setSql("SELECT name, score FROM hotels")
            .setPreview(ResultPreview.newBuilder().addColumns(ResultColumn.newBuilder().setName("score"))
                    .addRows(Row.newBuilder().addCells(Cell.newBuilder().setText("8.9")))).build();

    // written on the stand-in's gRPC threads, read on the test's (while the prompt case's command still runs)
    private final List<InterpretRequest> asked = new CopyOnWriteArrayList<>();
    private final List<AnswerRequest> answered = new CopyOnWriteArrayList<>();
    private StandInService services;
    private InputStream stdin;

    @BeforeEach
    void noTerminal() {
        stdin = System.in;
        System.setIn(new ByteArrayInputStream(new byte[0]));
    }

    @AfterEach
    void stop() {
        System.setIn(stdin);
        if (services != null) {
            services.close();
        }
    }

    @Test
    void aNumberPicksThatOptionAndAnythingElseIsFreeTextEachOnTheTurnItAnswers() throws Exception {
        serve(opened(WHICH_RATING), request -> request.getTurn() < 3 ? question(request.getTurn() + 1) : resolved());

        assertThat(clarify("--answers", "2,either,3", QUESTION).exit()).isZero();

        assertThat(asked.get(0).getOptions().getStartClarification()).isTrue();
        assertThat(asked.get(0).getOptions().hasInfill()).as("infill left to the server's default").isFalse();
        assertThat(answered).extracting(AnswerRequest::getSessionId).containsOnly("s-1");
        assertThat(answered).extracting(AnswerRequest::getTurn).containsExactly(1, 2, 3);
        assertThat(answered.get(0).getReply().getOptionId()).isEqualTo("o-score");
        assertThat(answered.get(1).getReply().getFreeText()).isEqualTo("either");
        assertThat(answered.get(2).getReply().getFreeText()).as("a number past the options is free text").isEqualTo("3");
        assertThat(answered).extracting(AnswerRequest::getIdempotencyKey).doesNotHaveDuplicates().doesNotContain("");
    }

    @Test
    void theResolutionIsPrintedWithThePreviewOfTheReadingItChose() throws Exception {
        serve(opened(WHICH_RATING), request -> resolved());

        Ran clarify = clarify("--answers", "1", QUESTION);

        assertThat(clarify.exit()).isZero();
        assertThat(clarify.out()).contains("2 reading(s) of \"" + QUESTION + "\"", "  1. the stars  (60%)", "  2. the guest score  (40%)",
                "Resolved (threshold, confidence 0.90): the guest score", "SQL: SELECT name, score FROM hotels", "8.9");
        assertThat(clarify.out()).doesNotContain("  5");
    }

    @Test
    void thePromptIsOnTheTerminalBeforeTheCommandWaitsForTheReplyTypedThere() throws Exception {
        serve(opened(WHICH_RATING), request -> resolved());
        PipedOutputStream keyboard = new PipedOutputStream();
        System.setIn(new PipedInputStream(keyboard));
        // through an encoder, as OvertoneMain's writer is: what is printed waits in its buffer until flushed
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        CommandLine cli = new CommandLine(command()).setErr(new PrintWriter(new StringWriter(), true))
                .setOut(new PrintWriter(new OutputStreamWriter(terminal, StandardCharsets.UTF_8), true));
        try {
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(
                    () -> cli.execute("--tenant", "demo", "--db", "hotels", QUESTION));

            Awaitility.await("the prompt on the terminal").atMost(Duration.ofSeconds(20))
                    .until(() -> terminal.toString(StandardCharsets.UTF_8).endsWith("(40%)" + System.lineSeparator() + "> "));
            assertThat(answered).as("no reply sent before one is typed").isEmpty();
            keyboard.write(("2" + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
            keyboard.flush();

            assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
            assertThat(answered).extracting(a -> a.getReply().getOptionId()).containsExactly("o-score");
        } finally {
            keyboard.close();
        }
    }

    @Test
    void withoutADialogueTheWarningsAreSaidAndTheCommandFails() throws Exception {
        serve(InterpretResponse.newBuilder().addInterpretations(STARS).addWarnings("clarify-svc unavailable").build(),
                request -> resolved());

        Ran clarify = clarify(QUESTION);

        assertThat(clarify.exit()).isEqualTo(2);
        assertThat(clarify.err()).isEqualTo("no dialogue was started: clarify-svc unavailable\n");
        assertThat(answered).isEmpty();
    }

    @Test
    void whenTheRepliesRunOutTheSessionIsLeftOpenAndNamed() throws Exception {
        serve(opened(WHICH_RATING), request -> question(request.getTurn() + 1));

        Ran clarify = clarify("--answers", "1", QUESTION);

        assertThat(clarify.exit()).isEqualTo(1);
        assertThat(answered).hasSize(1);
        assertThat(clarify.err()).isEqualTo("no reply: the dialogue stays open as session s-1\n");
    }

    @Test
    void aFailedAnswerNamesClarifySvcAndItsStatus() throws Exception {
        services = StandInService.serving(interpreter(opened(WHICH_RATING)),
                ServerServiceDefinition.builder(ClarifyServiceGrpc.SERVICE_NAME)
                        .addMethod(ClarifyServiceGrpc.getAnswerMethod(), ServerCalls.asyncUnaryCall((request, observer) ->
                                observer.onError(Status.FAILED_PRECONDITION.withDescription("session s-1 is resolved").asRuntimeException())))
                        .build());

        Ran clarify = clarify("--answers", "1", QUESTION);

        assertThat(clarify.exit()).isEqualTo(2);
        assertThat(clarify.err()).isEqualTo("clarify-svc answered FAILED_PRECONDITION: session s-1 is resolved\n");
    }

    private static InterpretResponse opened(Question question) {
        return InterpretResponse.newBuilder().addInterpretations(STARS).addInterpretations(SCORE)
                .setClarification(Turn.newBuilder().setSessionId("s-1").setNumber(1).setQuestion(question)).build();
    }

    private static Turn question(int number) {
        return Turn.newBuilder().setSessionId("s-1").setNumber(number).setQuestion(WHICH_RATING).build();
    }

    private static Turn resolved() {
        return Turn.newBuilder().setSessionId("s-1").setNumber(9).setResolution(Resolution.newBuilder().setCandidateId("r2")
                .setSql(SCORE.getSql()).setInterpretation("the guest score").setConfidence(0.9)
                .setReason(ResolutionReason.RESOLUTION_REASON_THRESHOLD)).build();
    }

    private void serve(InterpretResponse answer, Function<AnswerRequest, Turn> turns) throws Exception {
        services = StandInService.serving(interpreter(answer), ServerServiceDefinition.builder(ClarifyServiceGrpc.SERVICE_NAME)
                .addMethod(ClarifyServiceGrpc.getAnswerMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    synchronized (this) {
                        answered.add(request);
                    }
                    observer.onNext(turns.apply(request));
                    observer.onCompleted();
                })).build());
    }

    private ServerServiceDefinition interpreter(InterpretResponse answer) {
        return ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getInterpretMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    synchronized (this) {
                        asked.add(request);
                    }
                    observer.onNext(answer);
                    observer.onCompleted();
                })).build();
    }

    private ClarifyCommand command() {
        ClarifyCommand command = new ClarifyCommand();
        command.interpreter = InterpreterServiceGrpc.newBlockingStub(services.channel());
        command.clarify = ClarifyServiceGrpc.newBlockingStub(services.channel());
        return command;
    }

    private Ran clarify(String... args) {
        List<String> all = new ArrayList<>(List.of("--tenant", "demo", "--db", "hotels"));
        all.addAll(List.of(args));
        return Ran.run(command(), all.toArray(String[]::new));
    }
}
