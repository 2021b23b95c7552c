package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyService;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** clarify-svc as the test app serves it: each call goes to the running test's {@link FakeClarify}. */
@GrpcService
public class ClarifyEndpoint implements ClarifyService {
    @Override
    public Uni<Turn> start(StartRequest request) {
        return Fakes.installed().clarify().start(request);
    }

    @Override
    public Uni<Turn> answer(AnswerRequest request) {
        return Fakes.installed().clarify().answer(request);
    }

    @Override
    public Uni<Session> get(GetRequest request) {
        return Fakes.installed().clarify().get(request);
    }

    @Override
    public Uni<Session> cancel(CancelRequest request) {
        return Fakes.installed().clarify().cancel(request);
    }
}
