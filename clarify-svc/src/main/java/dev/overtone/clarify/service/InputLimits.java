package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The bounds on what one call may ask of the dialogue's work (README, "What one call may cost"). Each is checked before
 * the work it bounds: a reply is embedded; the forks are found in a table of every reading by every slot path; and each
 * fork's pivot term compares the question's words with every value's meaning, embedding each (milliseconds a value).
 */
@ApplicationScoped
public class InputLimits {
    @Inject
    ClarifyConfig config;

    public void question(String question) {
        int limit = config.limits().maxQuestionLength();
        if (question != null && question.length() > limit) {
            throw ClarifyException.invalid("the question has " + question.length() + " characters; the limit is " + limit
                    + " (overtone.clarify.limits.max-question-length)");
        }
    }

    public void reply(String freeText) {
        int limit = config.limits().maxReplyLength();
        if (freeText != null && freeText.length() > limit) {
            throw ClarifyException.invalid("the reply's free_text has " + freeText.length() + " characters; the limit is " + limit
                    + " (overtone.clarify.limits.max-reply-length): answer in a few words, or with an option_id");
        }
    }

    /** Refuses forks that hold more values in all than the bound, before their pivot terms embed them. */
    public void forkValues(List<DecisionVariable> variables) {
        int values = variables.stream().mapToInt(DecisionVariable::valueCount).sum();
        int limit = config.limits().maxForkValues();
        if (values > limit) {
            throw ClarifyException.invalid("the candidates differ in " + variables.size() + " forks holding " + values
                    + " values in all; the limit is " + limit + " (overtone.clarify.limits.max-fork-values): "
                    + "send fewer candidates, or fewer that differ in many places");
        }
    }

    /** Refuses slots whose fork table (readings × distinct slot paths) is larger than the bound, before it is built. */
    public void forkTable(List<List<SlotValue>> slotsByReading) {
        Set<String> paths = new HashSet<>();
        slotsByReading.forEach(slots -> slots.forEach(s -> paths.add(s.path())));
        long cells = (long) paths.size() * slotsByReading.size();
        int limit = config.limits().maxForkCells();
        if (cells > limit) {
            throw ClarifyException.invalid("the candidates' slots hold " + paths.size() + " distinct slot paths over "
                    + slotsByReading.size() + " readings, a fork table of " + cells + " cells; the limit is " + limit
                    + " (overtone.clarify.limits.max-fork-cells): send fewer candidates, or analyses with fewer slots");
        }
    }
}
