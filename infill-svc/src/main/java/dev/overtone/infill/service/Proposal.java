package dev.overtone.infill.service;

import dev.overtone.proto.v1.InfilledReading;

import java.util.List;
import java.util.Optional;

/** What one strategy found: readings, whether it judged the set complete, and why it degraded (if it did). */
public record Proposal(List<InfilledReading> readings, boolean allCovered, Optional<String> degradedReason) {

    public static Proposal skipped() {
        return new Proposal(List.of(), false, Optional.empty());
    }

    public static Proposal degraded(String reason) {
        return new Proposal(List.of(), false, Optional.of(reason));
    }
}
