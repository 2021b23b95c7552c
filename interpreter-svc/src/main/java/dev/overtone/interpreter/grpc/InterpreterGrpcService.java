package dev.overtone.interpreter.grpc;

import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterService;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import dev.overtone.proto.v1.InterpretEvent;

@GrpcService
public class InterpreterGrpcService implements InterpreterService {
    @Override
    public Uni<InterpretResponse> interpret(InterpretRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("interpret is not built yet").asRuntimeException());
    }

    @Override
    public Multi<InterpretEvent> streamInterpret(InterpretRequest request) {
        return Multi.createFrom().failure(Status.UNIMPLEMENTED.withDescription("streamInterpret is not built yet").asRuntimeException());
    }
}
