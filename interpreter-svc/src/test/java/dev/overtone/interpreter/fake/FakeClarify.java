package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyService;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** clarify-svc for the interpreter tests: Start records the candidates and asks one question. */
@GrpcService
public class FakeClarify implements ClarifyService {
    @Override
    public Uni<Turn> start(StartRequest request) {
        if (Scenario.clarifyFailure != null) {
            return Uni.createFrom().failure(Scenario.clarifyFailure.asRuntimeException());
        }
        Scenario.clarifyIncomplete = request.getCandidatesIncomplete();
        synchronized (Scenario.clarifyCandidates) {
            for (Candidate c : request.getCandidatesList()) {
                Scenario.clarifyCandidates.add(c.getId() + "|" + c.getFingerprint() + "|" + c.getProbability());
                Scenario.clarifyAnalyses.add(c.getAnalysis());
            }
        }
        return Uni.createFrom().item(Turn.newBuilder().setSessionId("s-1").setNumber(1)
                .setQuestion(Question.newBuilder().setText("By 'rating', do you mean stars or review score?").setVariable("select[1]"))
                .build());
    }

    @Override
    public Uni<Turn> answer(AnswerRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    @Override
    public Uni<Session> get(GetRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    @Override
    public Uni<Session> cancel(CancelRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }
}
