package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import java.util.Set;

/**
 * A remembered choice that decides variable {@code variable} (its index) of a question: its value {@code value}. With
 * {@code absentAgrees} a reading that has nothing at this fork agrees too: a word's meaning carried over from another
 * question says which element the word names, not whether a reading has an element in this place. {@code readers}, when
 * not null, are the readings that agree whatever they have at the fork: for a word read as a table, those that read the
 * table at all ({@link TableReaders}).
 */
public record Decision(Choice choice, int variable, int value, boolean absentAgrees, Set<Integer> readers) {

    public Decision(Choice choice, int variable, int value) {
        this(choice, variable, value, false, null);
    }

    public Decision(Choice choice, int variable, int value, boolean absentAgrees) {
        this(choice, variable, value, absentAgrees, null);
    }

    /** Whether reading {@code reading} (its index among the variable's codes) agrees with this decision. */
    public boolean admits(DecisionVariable v, int reading) {
        if (readers != null) {
            return readers.contains(reading);
        }
        int code = v.codes()[reading];
        return code == value || absentAgrees && DecisionVariable.ABSENT.equals(ForkValues.key(v, code));
    }
}
