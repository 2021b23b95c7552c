package dev.overtone.bench.clarify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.client.Suite;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.BindableService;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/**
 * The dialogue the bench plays against clarify-svc (a stand-in over real gRPC): the option its user answers, learnt on
 * twin sessions it cancels, when it stops, and what it records of the outcome.
 */
class DialogueTest {
    private static final List<Candidate> READINGS = List.of(candidate("c1"), candidate("c2"), candidate("c3"));
    private static final StartRequest START = StartRequest.newBuilder().setQuestion("the rating of each hotel")
            .addAllCandidates(READINGS).setTenant("demo").setDatabase("hotels").build();
    private static final StartRequest TWIN = START.toBuilder().clearTenant().clearDatabase().build();
    private static final MemoryToken TOKEN = MemoryToken.newBuilder().setTenant("demo").setDatabase("hotels").build();

    /** What clarify-svc received and sent, by method ("Start", "Answer", "Cancel"), in order. */
    private final Map<String, List<Object>> received = new ConcurrentHashMap<>();
    private final Map<String, List<Object>> sent = new ConcurrentHashMap<>();

    @Test
    void theHelpfulUserAnswersTheOptionThatKeepsTheIntendedReadingAsLearntOnTwinSessionsThatAreCancelled() throws Exception {
        Dialogue.Result result = play(new OneQuestionClarify(), SimulatedUser.Kind.HELPFUL, "SELECT c3"::equals);

        assertThat(result).isEqualTo(new Dialogue.Result(true, 1, "SELECT c3", null, Optional.empty()));
        assertThat(received.get("Start")).containsExactly(START, TWIN, TWIN, TWIN);
        List<String> sessions = sent.get("Start").stream().map(t -> ((Turn) t).getSessionId()).toList();
        List<AnswerRequest> answers = of("Answer", AnswerRequest.class);
        assertThat(answers).extracting(a -> a.getReply().getOptionId()).containsExactly("o-c1", "o-c2", "o-c3", "o-c3");
        assertThat(answers.get(3).getSessionId()).isEqualTo(sessions.get(0));
        assertThat(of("Cancel", CancelRequest.class)).extracting(CancelRequest::getSessionId).containsExactlyElementsOf(sessions.subList(1, 4));
    }

    @Test
    void theUnhelpfulUsersFirstAnswerNeedsNoProbeAndIsInaccurateWhenTheServiceSettlesOnAnotherReading() throws Exception {
        Dialogue.Result result = play(new OneQuestionClarify(), SimulatedUser.Kind.UNHELPFUL, "SELECT c3"::equals);

        assertThat(result).isEqualTo(new Dialogue.Result(false, 1, "SELECT c1", null));
        assertThat(received.get("Start")).containsExactly(START);
        assertThat(of("Answer", AnswerRequest.class)).extracting(a -> a.getReply().getFreeText()).containsExactly(SimulatedUser.DONT_KNOW);
    }

    @Test
    void aReadingResolvedWithoutSqlIsNeverAccurate() throws Exception {
        StartRequest oneWithoutSql = START.toBuilder().clearCandidates().addCandidates(Candidate.newBuilder().setId("c3")).build();

        assertThat(play(new OneQuestionClarify(), oneWithoutSql, SimulatedUser.Kind.HELPFUL, sql -> true))
                .isEqualTo(new Dialogue.Result(false, 0, "", null));
        assertThat(received).doesNotContainKey("Answer");
    }

    @Test
    void aServiceThatNeverResolvesIsStoppedAfterTwelveQuestionsAndItsSessionCancelled() throws Exception {
        Dialogue.Result result = play(new AskingClarify(100, null), SimulatedUser.Kind.HELPFUL, sql -> true);

        assertThat(result).isEqualTo(new Dialogue.Result(false, Dialogue.MAX_QUESTIONS, null, "no resolution after 12 questions"));
        assertThat(of("Answer", AnswerRequest.class)).hasSize(Dialogue.MAX_QUESTIONS)
                .allSatisfy(a -> assertThat(a.getReply().getFreeText()).isEqualTo(SimulatedUser.NONE_OF_THESE));
        assertThat(of("Cancel", CancelRequest.class)).extracting(CancelRequest::getSessionId)
                .containsExactly(((Turn) sent.get("Start").get(0)).getSessionId());
    }

    @Test
    void theResolvingTurnsMemoryTokenIsKeptForTheNextInterpret() throws Exception {
        Dialogue.Result result = play(new AskingClarify(2, null), SimulatedUser.Kind.HELPFUL, "SELECT c1"::equals);

        assertThat(result).isEqualTo(new Dialogue.Result(true, 2, "SELECT c1", null, Optional.of(TOKEN)));
    }

    @Test
    void aFailedCallEndsTheDialogueWithItsStatusAfterTheQuestionsAskedSoFar() throws Exception {
        Dialogue.Result result = play(new AskingClarify(3, Status.ABORTED.withDescription("turn 3 was answered already")),
                SimulatedUser.Kind.HELPFUL, sql -> true);

        assertThat(result).isEqualTo(new Dialogue.Result(false, 3, null, "ABORTED: turn 3 was answered already"));
    }

    private Dialogue.Result play(BindableService clarify, SimulatedUser.Kind user, Predicate<String> correct) throws Exception {
        return play(clarify, START, user, correct);
    }

    /** Plays a dialogue started by {@code start} on {@code clarify}, recorded, with a user who means reading c3. */
    private Dialogue.Result play(BindableService clarify, StartRequest start, SimulatedUser.Kind user, Predicate<String> correct)
            throws Exception {
        try (StandInSuite standIn = StandInSuite.serving(() -> ServerInterceptors.intercept(clarify, new Recorder()));
             Suite suite = standIn.suite()) {
            return new Dialogue(() -> suite.clarify(10_000), start, user, Set.of("c3"), correct).probingWith(TWIN).play();
        }
    }

    private <T> List<T> of(String method, Class<T> type) {
        return received.getOrDefault(method, List.of()).stream().map(type::cast).toList();
    }

    private static Candidate candidate(String id) {
        return Candidate.newBuilder().setId(id).setSql("SELECT " + id).setText("reading " + id).build();
    }

    /** Records each request and response of the stand-in, by method. */
    private final class Recorder implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            String method = call.getMethodDescriptor().getBareMethodName();
            ServerCall<Q, R> recorded = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                @Override
                public void sendMessage(R message) {
                    sent.computeIfAbsent(method, m -> new CopyOnWriteArrayList<>()).add(message);
                    super.sendMessage(message);
                }
            };
            return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(recorded, headers)) {
                @Override
                public void onMessage(Q message) {
                    received.computeIfAbsent(method, m -> new CopyOnWriteArrayList<>()).add(message);
                    super.onMessage(message);
                }
            };
        }
    }

    /**
     * A clarify-svc that asks a question without options at each turn until the {@code answers}th answer, which resolves
     * on the first candidate with a memory token, or fails with {@code failure} when one is given.
     */
    private record AskingClarify(int answers, Status failure) implements BindableService {
        @Override
        public io.grpc.ServerServiceDefinition bindService() {
            return new ClarifyServiceGrpc.ClarifyServiceImplBase() {
                @Override
                public void start(StartRequest request, StreamObserver<Turn> out) {
                    reply(out, question(UUID.randomUUID().toString(), 1).build());
                }

                @Override
                public void answer(AnswerRequest request, StreamObserver<Turn> out) {
                    if (request.getTurn() < answers) {
                        reply(out, question(request.getSessionId(), request.getTurn() + 1).build());
                    } else if (failure != null) {
                        out.onError(failure.asRuntimeException());
                    } else {
                        reply(out, Turn.newBuilder().setSessionId(request.getSessionId()).setNumber(request.getTurn() + 1)
                                .setResolution(Resolution.newBuilder().setCandidateId("c1").setSql("SELECT c1")).setMemoryToken(TOKEN).build());
                    }
                }

                @Override
                public void cancel(CancelRequest request, StreamObserver<Session> out) {
                    reply(out, Session.newBuilder().setId(request.getSessionId()).build());
                }
            }.bindService();
        }

        private static Turn.Builder question(String session, int number) {
            return Turn.newBuilder().setSessionId(session).setNumber(number).setQuestion(Question.newBuilder().setText("Which one?"));
        }

        private static <T> void reply(StreamObserver<T> out, T message) {
            out.onNext(message);
            out.onCompleted();
        }
    }
}
