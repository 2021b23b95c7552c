package dev.overtone.clarify.grpc;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.ClarifyService;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

@GrpcService
public class ClarifyGrpcService implements ClarifyService {
    @Override
    public Uni<Turn> start(StartRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("start is not built yet").asRuntimeException());
    }

    @Override
    public Uni<Turn> answer(AnswerRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("answer is not built yet").asRuntimeException());
    }

    @Override
    public Uni<Session> get(GetRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("get is not built yet").asRuntimeException());
    }

    @Override
    public Uni<Session> cancel(CancelRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("cancel is not built yet").asRuntimeException());
    }
}
