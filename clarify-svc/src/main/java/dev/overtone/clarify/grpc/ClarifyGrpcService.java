package dev.overtone.clarify.grpc;

import dev.overtone.clarify.mapping.ProtoMapper;
import dev.overtone.clarify.service.ClarifyDialogueService;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyService;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** The gRPC face: proto in, dialogue service, proto out; failures become statuses in {@link FailureStatus}. */
@GrpcService
public class ClarifyGrpcService implements ClarifyService {
    private final ClarifyDialogueService dialogues;

    public ClarifyGrpcService(ClarifyDialogueService dialogues) {
        this.dialogues = dialogues;
    }

    @Override
    public Uni<Turn> start(StartRequest request) {
        return Uni.createFrom().deferred(() -> dialogues.start(ProtoMapper.start(request)))
                .map(ProtoMapper::turn)
                .onFailure().transform(FailureStatus::of);
    }

    @Override
    public Uni<Turn> answer(AnswerRequest request) {
        return Uni.createFrom().deferred(() -> dialogues.answer(ProtoMapper.answer(request)))
                .map(ProtoMapper::turn)
                .onFailure().transform(FailureStatus::of);
    }

    @Override
    public Uni<Session> get(GetRequest request) {
        return Uni.createFrom().deferred(() -> dialogues.get(request.getSessionId()))
                .map(ProtoMapper::session)
                .onFailure().transform(FailureStatus::of);
    }

    @Override
    public Uni<Session> cancel(CancelRequest request) {
        return Uni.createFrom().deferred(() -> dialogues.cancel(request.getSessionId()))
                .map(ProtoMapper::session)
                .onFailure().transform(FailureStatus::of);
    }
}
