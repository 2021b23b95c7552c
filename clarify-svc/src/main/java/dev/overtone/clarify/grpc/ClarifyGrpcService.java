package dev.overtone.clarify.grpc;

import dev.overtone.clarify.mapping.MemoryProtoMapper;
import dev.overtone.clarify.mapping.ProtoMapper;
import dev.overtone.clarify.memory.ChoiceListing;
import dev.overtone.clarify.memory.ChoiceRecorder;
import dev.overtone.clarify.memory.MemoryEchoes;
import dev.overtone.clarify.memory.MemoryWatches;
import dev.overtone.clarify.memory.TenantMemory;
import dev.overtone.clarify.service.DialogueAnswer;
import dev.overtone.clarify.service.DialogueStart;
import dev.overtone.clarify.service.Sessions;
import dev.overtone.proto.v1.AnswerRequest;
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
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyService;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.util.function.BooleanSupplier;
import jakarta.inject.Inject;

/** The gRPC face: proto in, the dialogue's step, proto out; a failure becomes its status in {@link ClarifyStatuses}. */
@GrpcService
public class ClarifyGrpcService implements ClarifyService {
    @Inject
    DialogueStart starts;
    @Inject
    DialogueAnswer answers;
    @Inject
    Sessions sessions;
    @Inject
    TenantMemory memory;
    @Inject
    ChoiceListing listing;
    @Inject
    MemoryWatches watches;
    @Inject
    MemoryEchoes echoes;
    @Inject
    ChoiceRecorder recorder;

    @Override
    public Uni<Turn> start(StartRequest request) {
        return Uni.createFrom().deferred(() -> starts.start(ProtoMapper.start(request))).map(ProtoMapper::turn);
    }

    @Override
    public Uni<Turn> answer(AnswerRequest request) {
        return echoed(Uni.createFrom().deferred(() -> answers.answer(ProtoMapper.answer(request)))).map(MemoryProtoMapper::answered);
    }

    @Override
    public Uni<Session> get(GetRequest request) {
        return Uni.createFrom().deferred(() -> sessions.get(request.getSessionId())).map(v -> MemoryProtoMapper.session(v, recorder.enabled()));
    }

    @Override
    public Uni<Session> cancel(CancelRequest request) {
        return Uni.createFrom().deferred(() -> sessions.cancel(request.getSessionId())).map(v -> MemoryProtoMapper.session(v, recorder.enabled()));
    }

    @Override
    public Uni<ChooseResponse> choose(ChooseRequest request) {
        return echoed(Uni.createFrom().deferred(() -> memory.choose(MemoryProtoMapper.choose(request), request.getChosenCandidateId())))
                .map(MemoryProtoMapper::chosen);
    }

    @Override
    public Multi<MemoryScopes> watchMemory(WatchMemoryRequest request) {
        BooleanSupplier ready = WatchReadiness.current();
        return Multi.createFrom().deferred(() -> watches.watch(ready));
    }

    /** Replies once this replica heard what the call recorded come back (MemoryEchoes), so the watchers have it. */
    private <T> Uni<T> echoed(Uni<T> call) {
        return Uni.createFrom().deferred(() -> {
            MemoryEchoes.Call echo = echoes.open();
            return call.call(() -> echoes.settle(echo)).onTermination().invoke(() -> echoes.close(echo));
        });
    }

    @Override
    public Uni<RecallResponse> recall(RecallRequest request) {
        return Uni.createFrom().deferred(() -> memory.recall(MemoryProtoMapper.recall(request))).map(MemoryProtoMapper::recalled);
    }

    @Override
    public Uni<RemembersResponse> remembers(RemembersRequest request) {
        return Uni.createFrom().deferred(() -> memory.remembers(MemoryProtoMapper.scopes(request)))
                .map(remembered -> RemembersResponse.newBuilder().addAllRemembered(remembered).build());
    }

    @Override
    public Uni<ListChoicesResponse> listChoices(ListChoicesRequest request) {
        return Uni.createFrom().deferred(() -> listing.list(request.getTenant(), request.getDatabase(), request.getPageSize(),
                request.getPageToken())).map(MemoryProtoMapper::page);
    }

    @Override
    public Uni<ForgetResponse> forget(ForgetRequest request) {
        return echoed(Uni.createFrom().deferred(() -> listing.forget(request.getTenant(), request.getDatabase(), request.getChoiceId())))
                .map(n -> MemoryProtoMapper.forgot(request.getTenant(), request.getDatabase(), n));
    }
}
