package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * clarify-svc for one interpreter test. Start answers with what the real clarify-svc answered to the same request:
 * the recordings in runtime's test-jar ({@code contracts/clarify-svc}), which clarify-svc's {@code RecordedAnswersTest}
 * checks against the service (runtime/README.md, "Recorded answers"); a request with no recording fails with INTERNAL
 * naming how to record it. Hand-written, each said where: the outage a test injects, the requests kept, and Answer,
 * Get and Cancel, which the interpreter never calls (UNIMPLEMENTED).
 */
public final class FakeClarify {
    private static final RecordedExchanges RECORDED = RecordedExchanges.load("clarify-svc", ClarifyServiceGrpc.getServiceDescriptor());

    private final ReplayedAnswers replay = new ReplayedAnswers(RECORDED, "interpreter-svc");
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

    ReplayedAnswers replay() {
        return replay;
    }

    Uni<Turn> start(StartRequest request) {
        if (failure != null) {
            return Uni.createFrom().failure(failure.asRuntimeException());
        }
        starts.add(request);
        return replay.answer("Start", request);
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
