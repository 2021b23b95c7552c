package dev.overtone.interpreter.mapping;

import dev.overtone.interpreter.ranking.MemoryBoost;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An answer with the tenant's remembered choices (clarify-svc Recall) counted: the readings that agree with every choice
 * that applies come first, raised ({@link MemoryBoost}), each carrying those choices in {@code remembered} (they say
 * why); ids are given again in the new order ("i1" is the first), the compact cut and the verdict follow the new ranking.
 * Nothing that applies, or nothing it tells apart: the answer as it was, to the byte.
 */
public final class RememberedReadings {
    private final MemoryBoost boost;

    public RememberedReadings(MemoryBoost boost) {
        this.boost = boost;
    }

    /** @param question the question asked: a choice made for a question that did not front a quantifier does not apply to one that does ({@link StatedReach}) */
    public InterpretResponse apply(String question, InterpretResponse answer, RecallResponse recalled) {
        RecallResponse recall = StatedReach.applicable(question, recalled);
        if (recall.getAppliedCount() == 0) {
            return answer;
        }
        Set<String> consistent = new HashSet<>(recall.getConsistentCandidateIdsList());
        List<Interpretation> readings = answer.getInterpretationsList();
        List<Double> probabilities = readings.stream().map(Interpretation::getProbability).toList();
        List<Boolean> agrees = readings.stream().map(i -> consistent.contains(i.getId())).toList();
        Optional<MemoryBoost.Boosted> boosted = boost.apply(probabilities, agrees, answer.getAmbiguityProbability(),
                answer.getOutcome() == dev.overtone.proto.v1.Outcome.OUTCOME_AMBIGUOUS);
        if (boosted.isEmpty()) {
            return answer;
        }
        MemoryBoost.Boosted b = boosted.get();
        InterpretResponse.Builder out = answer.toBuilder().clearInterpretations();
        for (int k = 0; k < b.order().size(); k++) {
            Interpretation reading = readings.get(b.order().get(k));
            Interpretation.Builder moved = reading.toBuilder().setId("i" + (k + 1)).setProbability(b.probabilities().get(k))
                    .setAlternative(k >= b.shown());
            if (agrees.get(b.order().get(k))) {
                moved.addAllRemembered(agreedWith(recall, reading.getId()));
            }
            out.addInterpretations(moved);
        }
        out.setShownCount(b.shown()).setAmbiguityProbability(b.ambiguityProbability())
                .setOutcome(AnswerAssembler.verdict(b.ambiguous(), answer.getDegradationsList()));
        out.getAmbiguityBuilder().setAmbiguous(b.ambiguous());
        return out.build();
    }

    /** The applied choices whose chosen value this reading (by its id in the Recall) has. */
    private static List<RememberedChoice> agreedWith(RecallResponse recall, String id) {
        List<RememberedChoice> choices = new ArrayList<>();
        for (AppliedChoice applied : recall.getAppliedList()) {
            if (applied.getCandidateIdsList().contains(id)) {
                choices.add(applied.getChoice());
            }
        }
        return choices;
    }
}
