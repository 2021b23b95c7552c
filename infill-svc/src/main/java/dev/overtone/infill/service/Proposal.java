package dev.overtone.infill.service;

import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one strategy found: readings, whether it judged the set complete, why it degraded (if it did), and
 * the analyses of the given readings it came by on the way (by Reading.id).
 */
public record Proposal(List<InfilledReading> readings, boolean allCovered, Optional<Degradation> degradation,
                       Map<String, SqlAnalysis> readingAnalyses) {

    public Proposal(List<InfilledReading> readings, boolean allCovered, Optional<Degradation> degradation) {
        this(readings, allCovered, degradation, Map.of());
    }

    public static Proposal skipped() {
        return new Proposal(List.of(), false, Optional.empty());
    }

    public static Proposal degraded(Stage stage, DegradationCause cause, String service, String reason) {
        return new Proposal(List.of(), false, Optional.of(degradation(stage, cause, service, reason)));
    }

    static Degradation degradation(Stage stage, DegradationCause cause, String service, String reason) {
        return Degradation.newBuilder().setStage(stage).setCause(cause).setService(service).setMessage(reason).build();
    }

    /** The reason in words, as degraded_reasons lists it. */
    public Optional<String> degradedReason() {
        return degradation.map(Degradation::getMessage);
    }
}
