package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.interpreter.mapping.StatusCodes;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.Stage;

/** A route that failed at a stage: the answer's {@link FailedReading}. */
public record FailedRoute(Route route, Stage stage, DownstreamFailure failure) {

    @SuppressWarnings("deprecation") // FailedReading.stage and status: still filled for clients that predate kind and code
    public FailedReading reading() {
        return FailedReading.newBuilder()
                .setText(route.text() == null ? "" : route.text())
                .setSql(route.sql() == null ? "" : route.sql())
                .setSource(route.source())
                .setKind(stage).setStage(StageNames.of(stage))
                .setCode(StatusCodes.of(failure.code())).setStatus(failure.code().name())
                .setMessage(String.valueOf(failure.getMessage())).build();
    }
}
