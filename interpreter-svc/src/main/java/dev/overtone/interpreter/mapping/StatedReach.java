package dev.overtone.interpreter.mapping;

import dev.overtone.interpreter.ranking.ScopeCues;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.RecallResponse;

import java.util.List;

/**
 * A question that opens with a quantifier ("For every technician, list descriptions on fixtures used.") states that
 * it distributes over what follows: it says what it wants where a question that did not front it ("Give me
 * descriptions of fixtures each technician uses.", where a person picked the fixtures all of them use) left the reach
 * open. A choice made for a question that did not front a quantifier does not decide for one that does; a choice made
 * for one that did (the same question asked again among them) still applies. clarify-svc's own check (the question's
 * words decide the fork) cannot see this: the two questions share their content words, and "every" is a function word
 * there. The cost: a choice of what a word means does not carry over to a question that fronts a quantifier either.
 */
final class StatedReach {
    private StatedReach() {
    }

    /**
     * The Recall with only the choices that may decide for {@code question}, and the candidates consistent with them.
     * With none kept the consistent ids are left as they came: they are read only where a choice applies.
     */
    static RecallResponse applicable(String question, RecallResponse recall) {
        if (recall.getAppliedCount() == 0 || !ScopeCues.frontsAQuantifier(question)) {
            return recall;
        }
        List<AppliedChoice> kept = recall.getAppliedList().stream()
                .filter(applied -> ScopeCues.frontsAQuantifier(applied.getChoice().getQuestion())).toList();
        if (kept.size() == recall.getAppliedCount()) {
            return recall;
        }
        RecallResponse.Builder narrowed = recall.toBuilder().clearApplied().addAllApplied(kept);
        if (!kept.isEmpty()) {
            List<String> consistent = kept.get(0).getCandidateIdsList().stream()
                    .filter(id -> kept.stream().allMatch(applied -> applied.getCandidateIdsList().contains(id))).toList();
            narrowed.clearConsistentCandidateIds().addAllConsistentCandidateIds(consistent);
        }
        return narrowed.build();
    }
}
