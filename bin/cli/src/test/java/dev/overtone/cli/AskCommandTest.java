package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.util.JsonFormat;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code overtone ask} over real gRPC against a stand-in interpreter-svc that answers as the real one answered
 * ({@link RecordedService}): the request it builds from its options, the stages (and with {@code --stream} the
 * readings) said on stderr as the stream brings them, the answer printed from the stream's last event or, with
 * {@code --json}, from one Interpret call as JSON, and a failed call's exit code.
 *
 * <p>The stand-in's StreamInterpret sends the events a test gives it, then the recorded Interpret answer to the same
 * request as the last event: interpreter-svc's own tests pin that a stream's answer is Interpret's answer.
 */
class AskCommandTest {
    private static final String QUESTION = "return the rating of each hotel";
    private static final String STARS = "SELECT name, stars FROM hotels";
    private static final String[] ASKED = {"--tenant", "demo", "--db", "hotels", "--sql", STARS};

    private final RecordedService recorded = RecordedService.interpreter();
    // written on the stand-in's gRPC threads, read on the test's
    private final List<InterpretRequest> received = new CopyOnWriteArrayList<>();
    private final List<String> methods = new CopyOnWriteArrayList<>();
    private StandInService interpreter;

    @AfterEach
    void stop() {
        if (interpreter != null) {
            interpreter.close();
        }
        recorded.assertEveryCallRecorded();
    }

    @Test
    void theRequestCarriesTheQuestionWhereItIsAskedTheCallersSqlAndTheOptions() throws Exception {
        serve(List.of());

        assertThat(ask("--tenant", "demo", "--db", "hotels", "--sql", STARS, "--no-infill", QUESTION).exit()).isZero();

        InterpretRequest request = received.get(0);
        assertThat(request.getTenant()).isEqualTo("demo");
        assertThat(request.getDatabase()).isEqualTo("hotels");
        assertThat(request.getQuestion()).isEqualTo(QUESTION);
        assertThat(request.getDefaultsList()).extracting(d -> d.getSql()).containsExactly(STARS);
        assertThat(request.getOptions().hasInfill()).isTrue();
        assertThat(request.getOptions().getInfill()).isFalse();
        assertThat(request.getOptions().getStartClarification()).isFalse();

        assertThat(ask(QUESTION).exit()).isZero();
        assertThat(received.get(1).getOptions().hasInfill()).as("infill left to the server's default").isFalse();
    }

    @Test
    void eachReadingIsPrintedWithItsSqlAndFirstRowsAndWhereTheReadingsDiffer() throws Exception {
        serve(List.of());
        InterpretResponse answer = recorded.response("interpret.stars.json");

        Ran asked = ask(QUESTION);

        assertThat(asked.exit()).isZero();
        assertThat(answer.getInterpretationsCount()).as("the recording has readings to print").isGreaterThan(1);
        assertThat(asked.out()).contains("Question: " + QUESTION, answer.getInterpretationsCount() + " reading(s)");
        for (Interpretation reading : answer.getInterpretationsList()) {
            assertThat(asked.out()).contains(reading.getText(), AnswerPrinter.oneLine(reading.getSql()));
            assertThat(asked.out()).contains(reading.getPreview().getRows(0).getCellsList().stream().map(Cell::getText).toList());
        }
        assertThat(answer.getAmbiguity().getSlotsCount()).as("the recording has slots where the readings differ").isPositive();
        assertThat(asked.out()).contains("Where the readings differ:", answer.getAmbiguity().getSlots(0).getSchemaElements(0));
    }

    @Test
    void theStagesAreSaidAsTheyFinishTheReadingsOnlyWhenAskedAndTheAnswerIsPrintedFromTheLastEvent() throws Exception {
        Interpretation first = recorded.<InterpretResponse>response("interpret.stars.json").getInterpretations(0);
        InterpretEvent parsed = InterpretEvent.newBuilder().setStageFinished(StageFinished.newBuilder()
                .setKind(Stage.STAGE_PARSE).setMicros(1_500).setDetail("2 readings")).build();
        serve(List.of(parsed, InterpretEvent.newBuilder().setInterpretationAdded(first).build()));

        Ran stages = ask(QUESTION);
        assertThat(stages.exit()).isZero();
        assertThat(stages.err()).isEqualTo("  ✓ parse (1.5 ms) 2 readings\n");
        assertThat(stages.out()).contains("Question: " + QUESTION, first.getText()).doesNotContain("✓");
        assertThat(methods).containsExactly("StreamInterpret");

        Ran streamed = ask("--stream", QUESTION);
        assertThat(streamed.exit()).isZero();
        assertThat(streamed.err()).isEqualTo("  ✓ parse (1.5 ms) 2 readings\n  + " + first.getSql() + "\n");
    }

    @Test
    void jsonAsksOnceAndPrintsTheAnswerAsJson() throws Exception {
        serve(List.of());

        Ran json = ask("--json", QUESTION);

        assertThat(json.exit()).isZero();
        assertThat(methods).containsExactly("Interpret");
        InterpretResponse.Builder printed = InterpretResponse.newBuilder();
        JsonFormat.parser().merge(json.out(), printed);
        assertThat(printed.build()).isEqualTo(recorded.response("interpret.stars.json"));
    }

    @Test
    void aRefusedCallEndsTheCommandWithTheFailuresExitCodeAndTheServicesWords() throws Exception {
        serve(List.of());

        Ran failed = ask("--tenant", "nosuch", "--db", "hotels", "--sql", STARS, QUESTION);

        assertThat(failed.exit()).isEqualTo(2);
        assertThat(failed.err()).isEqualTo("interpreter-svc answered NOT_FOUND: unknown tenant 'nosuch'\n");
        assertThat(failed.out()).isEmpty();
    }

    @Test
    void aStreamThatEndsWithoutItsAnswerEndsTheCommandWithAFailure() throws Exception {
        // not something interpreter-svc does; a proxy or a replica cut off mid-stream can
        interpreter = StandInService.serving(ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getStreamInterpretMethod(), ServerCalls.asyncServerStreamingCall((request, events) -> {
                    events.onNext(InterpretEvent.newBuilder().setStageFinished(StageFinished.newBuilder().setKind(Stage.STAGE_PARSE)).build());
                    events.onCompleted();
                })).build());

        assertThat(ask(QUESTION).exit()).isNotZero();
    }

    /**
     * A stand-in whose StreamInterpret sends {@code events} then the recorded answer to the request, and whose Interpret
     * answers as recorded.
     */
    private void serve(List<InterpretEvent> events) throws Exception {
        interpreter = StandInService.serving(ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getStreamInterpretMethod(), ServerCalls.asyncServerStreamingCall((request, observer) -> {
                    note("StreamInterpret", request);
                    events.forEach(observer::onNext);
                    recorded.<InterpretResponse>answer("Interpret", request, new AnswerEvent(observer));
                }))
                .addMethod(InterpreterServiceGrpc.getInterpretMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    note("Interpret", request);
                    recorded.answer("Interpret", request, observer);
                })).build());
    }

    private void note(String method, InterpretRequest request) {
        methods.add(method);
        received.add(request);
    }

    /** {@code ask} with the question asked in demo/hotels over the caller's stars reading, unless the options say where. */
    private Ran ask(String... args) {
        AskCommand command = new AskCommand();
        command.interpreter = InterpreterServiceGrpc.newBlockingStub(interpreter.channel());
        boolean where = List.of(args).contains("--tenant");
        String[] all = where ? args : Stream.concat(Stream.of(ASKED), Stream.of(args)).toArray(String[]::new);
        return Ran.run(command, all);
    }

    /** Passes the answer on as a stream's last event, and a refusal as the stream's failure. */
    private record AnswerEvent(StreamObserver<InterpretEvent> events) implements StreamObserver<InterpretResponse> {
        @Override
        public void onNext(InterpretResponse answer) {
            events.onNext(InterpretEvent.newBuilder().setAnswer(answer).build());
        }

        @Override
        public void onError(Throwable failure) {
            events.onError(failure);
        }

        @Override
        public void onCompleted() {
            events.onCompleted();
        }
    }
}
