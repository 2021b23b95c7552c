package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.ResolutionReason;
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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code overtone clarify} over real gRPC against stand-in interpreter-svc and clarify-svc: it asks for a dialogue, turns
 * each reply into an option (its 1-based number) or free text, carries the session and turn, prints the resolution with
 * the chosen reading's preview, and ends with a failure when no dialogue started, no reply came or a call failed.
 *
 * <p>interpreter-svc answers as it was recorded answering ({@link RecordedService}): the readings and the dialogue
 * clarify-svc opened over them, or, while clarify-svc is down, the readings and why no dialogue started. clarify-svc's
 * later turns are built here from the recorded first one: an Answer names the session Start opened, so it cannot be
 * recorded and replayed by an equal request.
 */
class ClarifyCommandTest {
    private static final String QUESTION = "return the rating of each hotel";
    private static final String[] ASKED = {"--tenant", "demo", "--db", "hotels", "--sql", "SELECT name, stars FROM hotels"};

    private final RecordedService recorded = RecordedService.interpreter();
    private final InterpretResponse opened = recorded.response("interpret.stars-clarify.json");
    private final Turn first = opened.getClarification();
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
        recorded.assertEveryCallRecorded();
    }

    @Test
    void aNumberPicksThatOptionAndAnythingElseIsFreeTextEachOnTheTurnItAnswers() throws Exception {
        int pastTheOptions = first.getQuestion().getOptionsCount() + 1;
        serve(recorded, request -> request.getTurn() < 3 ? question(request.getTurn() + 1) : resolved());

        assertThat(clarify("--answers", "2,either," + pastTheOptions, QUESTION).exit()).isZero();

        assertThat(asked.get(0).getOptions().getStartClarification()).isTrue();
        assertThat(asked.get(0).getOptions().hasInfill()).as("infill left to the server's default").isFalse();
        assertThat(answered).extracting(AnswerRequest::getSessionId).containsOnly(first.getSessionId());
        assertThat(answered).extracting(AnswerRequest::getTurn).containsExactly(1, 2, 3);
        assertThat(answered.get(0).getReply().getOptionId()).isEqualTo(first.getQuestion().getOptions(1).getId());
        assertThat(answered.get(1).getReply().getFreeText()).isEqualTo("either");
        assertThat(answered.get(2).getReply().getFreeText()).as("a number past the options is free text")
                .isEqualTo(String.valueOf(pastTheOptions));
        assertThat(answered).extracting(AnswerRequest::getIdempotencyKey).doesNotHaveDuplicates().doesNotContain("");
    }

    @Test
    void theResolutionIsPrintedWithThePreviewOfTheReadingItChose() throws Exception {
        serve(recorded, request -> resolved());
        Interpretation chosen = opened.getInterpretations(1);

        Ran clarify = clarify("--answers", "2", QUESTION);

        assertThat(clarify.exit()).isZero();
        assertThat(clarify.out()).contains(opened.getInterpretationsCount() + " reading(s) of \"" + QUESTION + "\"",
                first.getQuestion().getText(), "  1. " + first.getQuestion().getOptions(0).getLabel(),
                "  2. " + first.getQuestion().getOptions(1).getLabel(),
                "Resolved (threshold, confidence 0.90): " + first.getQuestion().getOptions(1).getLabel(), "SQL: " + chosen.getSql());
        assertThat(clarify.out()).as("the chosen reading's first row").contains(cells(chosen));
    }

    @Test
    void thePromptIsOnTheTerminalBeforeTheCommandWaitsForTheReplyTypedThere() throws Exception {
        serve(recorded, request -> resolved());
        PipedOutputStream keyboard = new PipedOutputStream();
        System.setIn(new PipedInputStream(keyboard));
        // through an encoder, as OvertoneMain's writer is: what is printed waits in its buffer until flushed
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        CommandLine cli = new CommandLine(command()).setErr(new PrintWriter(new StringWriter(), true))
                .setOut(new PrintWriter(new OutputStreamWriter(terminal, StandardCharsets.UTF_8), true));
        try {
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute(withWhere(QUESTION)));

            Awaitility.await("the prompt on the terminal").atMost(Duration.ofSeconds(20))
                    .until(() -> terminal.toString(StandardCharsets.UTF_8).endsWith("%)" + System.lineSeparator() + "> "));
            assertThat(answered).as("no reply sent before one is typed").isEmpty();
            keyboard.write(("2" + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
            keyboard.flush();

            assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
            assertThat(answered).extracting(a -> a.getReply().getOptionId()).containsExactly(first.getQuestion().getOptions(1).getId());
        } finally {
            keyboard.close();
        }
    }

    @Test
    void withoutADialogueTheWarningsAreSaidAndTheCommandFails() throws Exception {
        RecordedService clarifyDown = RecordedService.interpreterWithClarifyDown();
        InterpretResponse undialogued = clarifyDown.response("interpret.stars-clarify.json");
        serve(clarifyDown, request -> resolved());

        Ran clarify = clarify(QUESTION);

        assertThat(clarify.exit()).isEqualTo(2);
        assertThat(undialogued.getWarningsList()).as("the recording says why").isNotEmpty();
        assertThat(clarify.err()).isEqualTo("no dialogue was started: " + String.join("; ", undialogued.getWarningsList()) + "\n");
        assertThat(answered).isEmpty();
        clarifyDown.assertEveryCallRecorded();
    }

    @Test
    void whenTheRepliesRunOutTheSessionIsLeftOpenAndNamed() throws Exception {
        serve(recorded, request -> question(request.getTurn() + 1));

        Ran clarify = clarify("--answers", "1", QUESTION);

        assertThat(clarify.exit()).isEqualTo(1);
        assertThat(answered).hasSize(1);
        assertThat(clarify.err()).isEqualTo("no reply: the dialogue stays open as session " + first.getSessionId() + "\n");
    }

    @Test
    void aFailedAnswerNamesClarifySvcAndItsStatus() throws Exception {
        services = StandInService.serving(interpreter(recorded), ServerServiceDefinition.builder(ClarifyServiceGrpc.SERVICE_NAME)
                .addMethod(ClarifyServiceGrpc.getAnswerMethod(), ServerCalls.asyncUnaryCall((request, observer) ->
                        observer.onError(Status.FAILED_PRECONDITION.withDescription("session s-1 is resolved").asRuntimeException())))
                .build());

        Ran clarify = clarify("--answers", "1", QUESTION);

        assertThat(clarify.exit()).isEqualTo(2);
        assertThat(clarify.err()).isEqualTo("clarify-svc answered FAILED_PRECONDITION: session s-1 is resolved\n");
    }

    /** The texts of the first row of a reading's preview. */
    private static List<String> cells(Interpretation reading) {
        return reading.getPreview().getRows(0).getCellsList().stream().map(Cell::getText).toList();
    }

    /** Turn {@code number} of the recorded session, asking the recorded question again. */
    private Turn question(int number) {
        return first.toBuilder().setNumber(number).build();
    }

    /** The recorded session resolved to the second reading, the one the second option names. */
    private Turn resolved() {
        Interpretation chosen = opened.getInterpretations(1);
        return Turn.newBuilder().setSessionId(first.getSessionId()).setNumber(9).setResolution(Resolution.newBuilder()
                .setCandidateId(chosen.getId()).setSql(chosen.getSql()).setInterpretation(first.getQuestion().getOptions(1).getLabel())
                .setConfidence(0.9).setReason(ResolutionReason.RESOLUTION_REASON_THRESHOLD)).build();
    }

    private void serve(RecordedService interpreterSvc, Function<AnswerRequest, Turn> turns) throws Exception {
        services = StandInService.serving(interpreter(interpreterSvc), ServerServiceDefinition.builder(ClarifyServiceGrpc.SERVICE_NAME)
                .addMethod(ClarifyServiceGrpc.getAnswerMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    answered.add(request);
                    observer.onNext(turns.apply(request));
                    observer.onCompleted();
                })).build());
    }

    private ServerServiceDefinition interpreter(RecordedService interpreterSvc) {
        return ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getInterpretMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    asked.add(request);
                    interpreterSvc.answer("Interpret", request, observer);
                })).build();
    }

    private ClarifyCommand command() {
        ClarifyCommand command = new ClarifyCommand();
        command.interpreter = InterpreterServiceGrpc.newBlockingStub(services.channel());
        command.clarify = ClarifyServiceGrpc.newBlockingStub(services.channel());
        return command;
    }

    /** The question asked in demo/hotels over the caller's stars reading, then {@code args}. */
    private static String[] withWhere(String... args) {
        return Stream.concat(Stream.of(ASKED), Stream.of(args)).toArray(String[]::new);
    }

    private Ran clarify(String... args) {
        return Ran.run(command(), withWhere(args));
    }
}
