package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillService;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

@GrpcService
public class InfillGrpcService implements InfillService {
    @Override
    public Uni<InfillResponse> infill(InfillRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("infill is not built yet").asRuntimeException());
    }
}
