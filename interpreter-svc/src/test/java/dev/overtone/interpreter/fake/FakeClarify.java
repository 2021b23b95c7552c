package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** clarify-svc for one interpreter test: Start keeps its request and asks one question. */
public final class FakeClarify {
    private volatile Status failure;
    private final List<StartRequest> starts = new CopyOnWriteArrayList<>();

    /** Every call fails with this status (a test's injected outage). */
    public FakeClarify failWith(Status status) {
        this.failure = status;
        return this;
    }

    /** Every Start request, in order. */
    public List<StartRequest> starts() {
        return starts;
    }

    Uni<Turn> start(StartRequest request) {
        if (failure != null) {
            return Uni.createFrom().failure(failure.asRuntimeException());
        }
        starts.add(request);
        return Uni.createFrom().item(Turn.newBuilder().setSessionId("s-1").setNumber(1)
                .setQuestion(Question.newBuilder().setText("By 'rating', do you mean stars or review score?").setVariable("select[1]"))
                .build());
    }

    Uni<Turn> answer(AnswerRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    Uni<Session> get(GetRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }

    Uni<Session> cancel(CancelRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.asRuntimeException());
    }
}
