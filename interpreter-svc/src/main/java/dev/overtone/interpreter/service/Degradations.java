package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The typed record of what went wrong in a stage, as the answer's {@code degradations} carry it. */
public final class Degradations {
    /** The stages that find readings: when one of them is degraded, the set of readings may be incomplete. */
    public static final Set<Stage> FINDING_STAGES = EnumSet.of(Stage.STAGE_DEFAULTS, Stage.STAGE_PARSE,
            Stage.STAGE_EXECUTE, Stage.STAGE_INFILL, Stage.STAGE_INFILL_MODEL, Stage.STAGE_INFILL_STRUCTURAL);

    private Degradations() {
    }

    public static Degradation of(Stage stage, DownstreamFailure failure, int affectedCalls) {
        return Degradation.newBuilder().setStage(stage).setCause(cause(failure.code())).setService(failure.service())
                .setMessage(String.valueOf(failure.getMessage())).setAffectedCalls(affectedCalls).build();
    }

    public static Degradation of(Stage stage, DegradationCause cause, String service, String message) {
        return Degradation.newBuilder().setStage(stage).setCause(cause).setService(service).setMessage(message).build();
    }

    public static DegradationCause cause(Status.Code code) {
        return switch (code) {
            case UNAVAILABLE -> DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE;
            case DEADLINE_EXCEEDED -> DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED;
            default -> DegradationCause.DEGRADATION_CAUSE_FAILED;
        };
    }

    /** Whether the readings found may be missing some because a finding stage was degraded. */
    public static boolean readingsMayBeMissing(List<Degradation> degradations) {
        return degradations.stream().anyMatch(d -> FINDING_STAGES.contains(d.getStage()));
    }
}
