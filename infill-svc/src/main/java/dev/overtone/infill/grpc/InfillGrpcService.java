package dev.overtone.infill.grpc;

import dev.overtone.infill.config.InfillConfig;
import dev.overtone.infill.service.InfillCoordinator;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillService;
import dev.overtone.proto.v1.VariantFamily;
import dev.overtone.runtime.grpc.ContractNames;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;

/** The gRPC face: validate, infill on a worker; a failure becomes its status in {@link InfillStatuses}. */
@GrpcService
public class InfillGrpcService implements InfillService {
    private static final ContractNames FAMILIES = ContractNames.of("families", "variant family", VariantFamily.values());

    @Inject
    InfillCoordinator coordinator;
    @Inject
    InfillConfig config;

    @Override
    @Blocking
    public Uni<InfillResponse> infill(InfillRequest request) {
        return Uni.createFrom().item(() -> coordinator.infill(validated(request)));
    }

    /** The request, or INVALID_ARGUMENT saying what to send instead. */
    private InfillRequest validated(InfillRequest request) {
        if (request.getQuestion().isBlank()) {
            throw new IllegalArgumentException("question is empty: infill needs the question the readings answer");
        }
        int limit = config.maxQuestionLength();
        if (request.getQuestion().length() > limit) {
            throw new IllegalArgumentException("the question has " + request.getQuestion().length() + " characters; the limit is "
                    + limit + " (overtone.infill.max-question-length)");
        }
        if (request.getOptions().getMaxReadings() < 0) {
            throw new IllegalArgumentException("max_readings must be 0 (server default) or positive");
        }
        FAMILIES.check(request.getOptions().getFamiliesList());
        return request;
    }
}
