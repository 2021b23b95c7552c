package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;

/**
 * A remembered choice that decides variable {@code variable} (its index) of a question: its value {@code value}. With
 * {@code absentAgrees} a reading that has nothing at this fork agrees too: a word's meaning carried over from another
 * question says which element the word names, not whether a reading has an element in this place.
 */
public record Decision(Choice choice, int variable, int value, boolean absentAgrees) {

    public Decision(Choice choice, int variable, int value) {
        this(choice, variable, value, false);
    }

    /** Whether a reading with {@code code} at this decision's variable agrees with it. */
    public boolean admits(DecisionVariable v, int code) {
        return code == value || absentAgrees && DecisionVariable.ABSENT.equals(ForkValues.key(v, code));
    }
}
