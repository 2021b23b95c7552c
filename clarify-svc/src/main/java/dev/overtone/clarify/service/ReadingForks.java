package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * What Start, Choose and Recall do alike on their way from candidates to forks: the readings (the candidates collapsed
 * by result, at most {@code max-candidates}), each reading's slots, and a fork's pivot term.
 */
@ApplicationScoped
public class ReadingForks {
    @Inject
    ClarifyConfig config;
    @Inject
    ReadingSlots slots;
    @Inject
    PivotTerms pivotTerms;

    public List<Reading> readings(List<StartCommand.CandidateInput> candidates) {
        return Readings.collapse(candidates, config.defaults().maxCandidates());
    }

    public Uni<List<List<SlotValue>>> slots(List<Reading> readings, List<StartCommand.CandidateInput> candidates) {
        return slots.of(readings, candidates);
    }

    /** The fork's pivot term ({@link PivotTerms}): blocking, so callers run it on a worker thread. */
    public String pivotTerm(String question, DecisionVariable v) {
        return pivotTerms.of(question, v);
    }

    /** The fork's pivot term if it needs no model run ({@link PivotTerms#withoutModel}), else {@link WordSimilarity.NotCached}. */
    public String pivotTermWithoutModel(String question, DecisionVariable v) {
        return pivotTerms.withoutModel(question, v);
    }
}
