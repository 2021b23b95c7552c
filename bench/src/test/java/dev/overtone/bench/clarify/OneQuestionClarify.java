package dev.overtone.bench.clarify;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.CandidateProbability;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.Option;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/**
 * A stand-in clarify-svc that asks one question, "which of these?", with one value option per candidate (its text), and
 * resolves on the candidate of the option answered (or named in free text); a reply that names none ends the one turn
 * it allows on the first candidate. A single candidate is resolved at once, with nothing to ask. It remembers no choice.
 */
public final class OneQuestionClarify extends ClarifyServiceGrpc.ClarifyServiceImplBase {
    private final Map<String, List<Candidate>> sessions = new ConcurrentHashMap<>();

    @Override
    public void start(StartRequest request, StreamObserver<Turn> out) {
        String session = UUID.randomUUID().toString();
        List<Candidate> candidates = request.getCandidatesList();
        sessions.put(session, candidates);
        Turn.Builder turn = Turn.newBuilder().setSessionId(session).setNumber(1);
        candidates.forEach(c -> turn.addDistribution(probability(c.getId(), 1.0 / candidates.size())));
        if (candidates.size() == 1) {
            out.onNext(turn.setResolution(resolution(candidates.get(0), ResolutionReason.RESOLUTION_REASON_NOTHING_TO_ASK)).build());
        } else {
            Question.Builder q = Question.newBuilder().setText("Which of these?").setVariable("reading");
            candidates.forEach(c -> q.addOptions(Option.newBuilder().setId("o-" + c.getId()).setLabel(c.getText())
                    .setKind(OptionKind.OPTION_KIND_VALUE)));
            out.onNext(turn.setQuestion(q).build());
        }
        out.onCompleted();
    }

    @Override
    public void answer(AnswerRequest request, StreamObserver<Turn> out) {
        List<Candidate> candidates = sessions.get(request.getSessionId());
        if (candidates == null) {
            out.onError(Status.NOT_FOUND.withDescription("no session " + request.getSessionId()).asRuntimeException());
            return;
        }
        Reply reply = request.getReply();
        Candidate named = candidates.stream().filter(c -> ("o-" + c.getId()).equals(reply.getOptionId())
                || reply.hasFreeText() && reply.getFreeText().contains(c.getText())).findFirst().orElse(null);
        Candidate chosen = named == null ? candidates.get(0) : named;
        Turn.Builder turn = Turn.newBuilder().setSessionId(request.getSessionId()).setNumber(2).setResolution(resolution(chosen,
                named == null ? ResolutionReason.RESOLUTION_REASON_TURN_LIMIT : ResolutionReason.RESOLUTION_REASON_THRESHOLD));
        candidates.forEach(c -> turn.addDistribution(probability(c.getId(), c == chosen ? 1.0 : 0.0)));
        out.onNext(turn.build());
        out.onCompleted();
    }

    @Override
    public void choose(ChooseRequest request, StreamObserver<ChooseResponse> out) {
        out.onNext(ChooseResponse.getDefaultInstance());
        out.onCompleted();
    }

    @Override
    public void cancel(CancelRequest request, StreamObserver<Session> out) {
        sessions.remove(request.getSessionId());
        out.onNext(Session.newBuilder().setId(request.getSessionId()).build());
        out.onCompleted();
    }

    private static CandidateProbability probability(String id, double p) {
        return CandidateProbability.newBuilder().setCandidateId(id).setProbability(p).build();
    }

    private static Resolution resolution(Candidate c, ResolutionReason reason) {
        return Resolution.newBuilder().setCandidateId(c.getId()).setSql(c.getSql()).setInterpretation(c.getText())
                .setConfidence(1.0).setReason(reason).build();
    }
}
