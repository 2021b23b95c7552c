package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * What Start, Choose and Recall do alike on their way from candidates to forks: the readings (the candidates collapsed
 * by result, at most {@code max-candidates}), each reading's slots, and a fork's pivot term, each within {@link InputLimits}.
 */
@ApplicationScoped
public class ReadingForks {
    @Inject
    ClarifyConfig config;
    @Inject
    ReadingSlots slots;
    @Inject
    PivotTerms pivotTerms;
    @Inject
    InputLimits limits;

    /** The readings of a question's candidates; the question is checked here too, as every caller's first step. */
    public List<Reading> readings(String question, List<StartCommand.CandidateInput> candidates) {
        limits.question(question);
        return Readings.collapse(candidates, config.defaults().maxCandidates());
    }

    /** Each reading's slots; refused when the table the forks would be found in is too large to build. */
    public Uni<List<List<SlotValue>>> slots(List<Reading> readings, List<StartCommand.CandidateInput> candidates) {
        return slots.of(readings, candidates).invoke(limits::forkTable);
    }

    /** The forks between the readings ({@link DecisionVariableExtractor}); refused when they hold too many values to weigh. */
    public List<DecisionVariable> variables(List<List<SlotValue>> slotsByReading) {
        List<DecisionVariable> variables = DecisionVariableExtractor.extract(slotsByReading);
        limits.forkValues(variables);
        return variables;
    }

    /** The fork's pivot term ({@link PivotTerms}) within the call's time: blocking, so callers run it on a worker thread. */
    public String pivotTerm(String question, DecisionVariable v, CallTime time) {
        return pivotTerms.of(question, v, time);
    }

    /** The call being served on this thread, with clarify-svc's work time; taken where a call starts. */
    public CallTime callTime() {
        return CallTime.ofCurrentCall(config.limits().workTime());
    }

    /** The fork's pivot term if it needs no model run ({@link PivotTerms#withoutModel}), else {@link WordSimilarity.NotCached}. */
    public String pivotTermWithoutModel(String question, DecisionVariable v) {
        return pivotTerms.withoutModel(question, v);
    }
}
