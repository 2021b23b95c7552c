package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyService;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.ForgetRequest;
import dev.overtone.proto.v1.ForgetResponse;
import dev.overtone.proto.v1.ListChoicesRequest;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.WatchMemoryRequest;
import dev.overtone.proto.v1.ListChoicesResponse;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RemembersRequest;
import dev.overtone.proto.v1.RemembersResponse;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Multi;
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

    @Override
    public Uni<RecallResponse> recall(RecallRequest request) {
        return Fakes.installed().clarify().recall(request);
    }

    @Override
    public Uni<RemembersResponse> remembers(RemembersRequest request) {
        return Fakes.installed().clarify().remembers(request);
    }

    @Override
    public Uni<ChooseResponse> choose(ChooseRequest request) {
        return unimplemented();
    }

    @Override
    public Uni<ListChoicesResponse> listChoices(ListChoicesRequest request) {
        return unimplemented();
    }

    @Override
    public Uni<ForgetResponse> forget(ForgetRequest request) {
        return unimplemented();
    }

    /** Not served unless the test serves it: the interpreter then asks Remembers for every call, which the memory tests count. */
    @Override
    public Multi<MemoryScopes> watchMemory(WatchMemoryRequest request) {
        return Fakes.installed().clarify().watchMemory();
    }

    private static <T> Uni<T> unimplemented() {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("not served by the fake clarify-svc").asRuntimeException());
    }
}
