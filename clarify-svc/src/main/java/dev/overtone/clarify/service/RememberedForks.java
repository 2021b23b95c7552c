package dev.overtone.clarify.service;

import dev.overtone.clarify.memory.ChoiceMatcher;
import dev.overtone.clarify.memory.Decision;
import java.util.Arrays;
import java.util.List;

/**
 * A dialogue's first state when remembered choices decide some of its forks: the readings that contradict a decision
 * get probability 0, the rest are renormalised, and each decided variable counts as answered, so the dialogue asks
 * only about what memory left open (nothing was asked: questions asked stays 0).
 */
final class RememberedForks {

    private RememberedForks() {
    }

    static Dialogue condition(List<DecisionVariable> variables, double[] priors, DialogueOptions options, List<Decision> decisions) {
        double[] p = priors.clone();
        double total = 0;
        for (int i = 0; i < p.length; i++) {
            if (!ChoiceMatcher.consistent(i, variables, decisions)) {
                p[i] = 0;
            }
            total += p[i];
        }
        if (total <= 0) {
            // the consistent readings had no prior mass of their own: they share it equally
            for (int i = 0; i < p.length; i++) {
                p[i] = ChoiceMatcher.consistent(i, variables, decisions) ? 1 : 0;
                total += p[i];
            }
        }
        for (int i = 0; i < p.length; i++) {
            p[i] /= total;
        }
        VariableStatus[] status = new VariableStatus[variables.size()];
        Arrays.fill(status, VariableStatus.OPEN);
        decisions.forEach(d -> status[d.variable()] = VariableStatus.ANSWERED);
        return new Dialogue(variables, p, status, options, 0, false);
    }

    /**
     * Whether memory is what resolved the first turn on {@code reading}: without it the dialogue would have asked, or
     * resolved on another reading.
     */
    static boolean decided(List<DecisionVariable> variables, double[] priors, DialogueOptions options, int reading) {
        Step without = Dialogue.fresh(variables, priors, options).next(1);
        return !(without instanceof Step.Resolve r) || r.reading() != reading;
    }
}
