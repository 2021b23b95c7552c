package dev.overtone.interpreter.mapping;

import dev.overtone.interpreter.ranking.ScopeCues;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.RecallResponse;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A question that states the reach of its quantifier or condition ({@link ScopeCues#markers()}: "For every technician,
 * list ...", "... in common", "both") says what it wants where a question that left the reach open did not. A choice made
 * for a question stating less of it ("descriptions of fixtures each technician uses", where a person picked the fixtures
 * all of them use) answered what that question left open, so it does not decide for this one; choices made for questions
 * stating as much (the same question asked again among them) still apply. The choice's own words are not compared:
 * whether the fork it decided is one of reach is not known here, and only the stated reach tells the questions apart.
 */
final class StatedReach {
    private StatedReach() {
    }

    /** The Recall with only the choices that may decide for {@code question}, and the candidates consistent with them. */
    static RecallResponse applicable(String question, RecallResponse recall) {
        int stated = ScopeCues.of(question).markers();
        if (stated == 0 || recall.getAppliedCount() == 0) {
            return recall;
        }
        List<AppliedChoice> kept = recall.getAppliedList().stream()
                .filter(applied -> ScopeCues.of(applied.getChoice().getQuestion()).markers() >= stated).toList();
        if (kept.size() == recall.getAppliedCount()) {
            return recall;
        }
        Set<String> consistent = new LinkedHashSet<>(recall.getConsistentCandidateIdsList());
        if (!kept.isEmpty()) {
            consistent = new LinkedHashSet<>(kept.get(0).getCandidateIdsList());
            for (AppliedChoice applied : kept) {
                consistent.retainAll(applied.getCandidateIdsList());
            }
        }
        return recall.toBuilder().clearApplied().addAllApplied(kept).clearConsistentCandidateIds()
                .addAllConsistentCandidateIds(new ArrayList<>(consistent)).build();
    }
}
