package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** What was decided at one fork, before it is stored: the fork's clause and pivot term, the value chosen and those not. */
public record ForkChoice(String clause, String pivotTerm, String chosenValue, List<String> rejectedValues, String chosenLabel) {

    /** The whole reading chosen for its question: its SQL ({@link ReadingSql}) and its interpretation in words. */
    public static ForkChoice reading(String sql, String text) {
        return new ForkChoice(Choice.READING, "", ReadingSql.of(sql), List.of(), text == null || text.isBlank() ? ReadingSql.of(sql) : text);
    }

    /** Value {@code chosen} of the variable over the values {@code rejected}. */
    public static ForkChoice of(DecisionVariable variable, int chosen, Collection<Integer> rejected) {
        List<String> others = new ArrayList<>();
        for (int x : rejected) {
            String key = ForkValues.key(variable, x);
            if (x != chosen && !others.contains(key)) {
                others.add(key);
            }
        }
        return new ForkChoice(variable.clause(), variable.pivotTerm(), ForkValues.key(variable, chosen), others,
                variable.valueLabels().get(chosen));
    }
}
