package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code overtone ask} over real gRPC against a stand-in interpreter-svc: the request it builds from its options, the
 * stages (and with {@code --stream} the readings) said on stderr as the stream brings them, the answer printed from the
 * stream's last event or, with {@code --json}, from one Interpret call as JSON, and a failed call's exit code.
 */
class AskCommandTest {
    private static final String QUESTION = "return the rating of each hotel";
    private static final InterpretResponse ANSWER = InterpretResponse.newBuilder()
            .addInterpretations(Interpretation.newBuilder().setId("r1").setSql("SELECT name,\n  stars FROM hotels")).build();

    private final List<InterpretRequest> received = new ArrayList<>();
    private final List<String> methods = new ArrayList<>();
    private StandInService interpreter;

    @AfterEach
    void stop() {
        if (interpreter != null) {
            interpreter.close();
        }
    }

    @Test
    void theRequestCarriesTheQuestionWhereItIsAskedTheCallersSqlAndTheOptions() throws Exception {
        serve(List.of(answer()));

        assertThat(ask("--tenant", "demo", "--db", "hotels", "--sql", "SELECT name, stars FROM hotels", "--sql", "SELECT 1",
                "--no-infill", QUESTION).exit()).isZero();

        InterpretRequest request = received.get(0);
        assertThat(request.getTenant()).isEqualTo("demo");
        assertThat(request.getDatabase()).isEqualTo("hotels");
        assertThat(request.getQuestion()).isEqualTo(QUESTION);
        assertThat(request.getDefaultsList()).extracting(d -> d.getSql()).containsExactly("SELECT name, stars FROM hotels", "SELECT 1");
        assertThat(request.getOptions().hasInfill()).isTrue();
        assertThat(request.getOptions().getInfill()).isFalse();
        assertThat(request.getOptions().getStartClarification()).isFalse();

        ask("--tenant", "demo", "--db", "hotels", QUESTION);
        assertThat(received.get(1).getOptions().hasInfill()).as("infill left to the server's default").isFalse();
    }

    @Test
    void theStagesAreSaidAsTheyFinishTheReadingsOnlyWhenAskedAndTheAnswerIsPrintedFromTheLastEvent() throws Exception {
        InterpretEvent parsed = InterpretEvent.newBuilder().setStageFinished(StageFinished.newBuilder()
                .setKind(Stage.STAGE_PARSE).setMicros(1_500).setDetail("2 readings")).build();
        InterpretEvent added = InterpretEvent.newBuilder().setInterpretationAdded(ANSWER.getInterpretations(0)).build();
        serve(List.of(parsed, added, answer()));

        Ran stages = ask("--tenant", "demo", "--db", "hotels", QUESTION);
        assertThat(stages.exit()).isZero();
        assertThat(stages.err()).isEqualTo("  ✓ parse (1.5 ms) 2 readings\n");
        assertThat(stages.out()).contains("Question: " + QUESTION, "1 reading(s)").doesNotContain("✓");
        assertThat(methods).containsExactly("StreamInterpret");

        Ran streamed = ask("--tenant", "demo", "--db", "hotels", "--stream", QUESTION);
        assertThat(streamed.exit()).isZero();
        assertThat(streamed.err()).isEqualTo("  ✓ parse (1.5 ms) 2 readings\n  + SELECT name, stars FROM hotels\n");
    }

    @Test
    void jsonAsksOnceAndPrintsTheAnswerAsJson() throws Exception {
        serve(List.of());

        Ran json = ask("--tenant", "demo", "--db", "hotels", "--json", QUESTION);

        assertThat(json.exit()).isZero();
        assertThat(methods).containsExactly("Interpret");
        assertThat(json.out()).contains("\"interpretations\": [", "\"sql\": \"SELECT name,\\n  stars FROM hotels\"");
    }

    @Test
    void aStreamWithoutAnAnswerOrAFailedCallEndsTheCommandWithAFailure() throws Exception {
        serve(List.of(InterpretEvent.newBuilder().setStageFinished(StageFinished.newBuilder().setKind(Stage.STAGE_PARSE)).build()));
        assertThat(ask("--tenant", "demo", "--db", "hotels", QUESTION).exit()).as("a stream that ended without its answer").isNotZero();

        interpreter.close();
        interpreter = StandInService.serving(ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getStreamInterpretMethod(), ServerCalls.asyncServerStreamingCall(
                        (request, events) -> events.onError(Status.NOT_FOUND.withDescription("unknown tenant 'demo'").asRuntimeException())))
                .build());
        Ran failed = ask("--tenant", "demo", "--db", "hotels", QUESTION);
        assertThat(failed.exit()).isEqualTo(2);
        assertThat(failed.err()).isEqualTo("interpreter-svc answered NOT_FOUND: unknown tenant 'demo'\n");
        assertThat(failed.out()).isEmpty();
    }

    private static InterpretEvent answer() {
        return InterpretEvent.newBuilder().setAnswer(ANSWER).build();
    }

    /** A stand-in whose StreamInterpret sends {@code events} and whose Interpret answers {@link #ANSWER}. */
    private void serve(List<InterpretEvent> events) throws Exception {
        interpreter = StandInService.serving(ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getStreamInterpretMethod(), ServerCalls.asyncServerStreamingCall((request, observer) -> {
                    note("StreamInterpret", request);
                    events.forEach(observer::onNext);
                    observer.onCompleted();
                }))
                .addMethod(InterpreterServiceGrpc.getInterpretMethod(), ServerCalls.asyncUnaryCall((request, observer) -> {
                    note("Interpret", request);
                    observer.onNext(ANSWER);
                    observer.onCompleted();
                })).build());
    }

    private synchronized void note(String method, InterpretRequest request) {
        methods.add(method);
        received.add(request);
    }

    private Ran ask(String... args) {
        AskCommand command = new AskCommand();
        command.interpreter = InterpreterServiceGrpc.newBlockingStub(interpreter.channel());
        return Ran.run(command, args);
    }
}
