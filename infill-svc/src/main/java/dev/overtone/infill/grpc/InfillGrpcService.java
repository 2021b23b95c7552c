package dev.overtone.infill.grpc;

import dev.overtone.infill.service.InfillCoordinator;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillService;
import dev.overtone.runtime.grpc.FailureStatus;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;

/** The gRPC face: validate, infill on a worker, map failures to statuses. */
@GrpcService
public class InfillGrpcService implements InfillService {
    @Inject
    InfillCoordinator coordinator;

    @Override
    @Blocking
    public Uni<InfillResponse> infill(InfillRequest request) {
        if (request.getQuestion().isBlank()) {
            return Uni.createFrom().failure(Status.INVALID_ARGUMENT
                    .withDescription("question is empty: infill needs the question the readings answer").asRuntimeException());
        }
        if (request.getOptions().getMaxReadings() < 0) {
            return Uni.createFrom().failure(Status.INVALID_ARGUMENT
                    .withDescription("max_readings must be 0 (server default) or positive").asRuntimeException());
        }
        try {
            return Uni.createFrom().item(coordinator.infill(request));
        } catch (RuntimeException e) {
            return Uni.createFrom().failure(FailureStatus.of("infill-svc", e));
        }
    }
}
