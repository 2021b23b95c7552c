package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;

/**
 * The value of a fork as memory keeps it: the slot text at the variable's first path. Slots merged into one variable
 * split the readings the same way, so the first slot alone tells its values apart, and it transfers to a question
 * whose fork moves other slots with it (another join, no grouping).
 */
public final class ForkValues {

    private ForkValues() {
    }

    public static String key(DecisionVariable variable, int value) {
        String full = variable.valueKeys().get(value);
        int end = full.indexOf(DecisionVariableExtractor.KEY_SEPARATOR);
        return end < 0 ? full : full.substring(0, end);
    }

    /** The variable's value whose key is {@code key}, or −1. */
    public static int indexOf(DecisionVariable variable, String key) {
        for (int x = 0; x < variable.valueCount(); x++) {
            if (key(variable, x).equals(key)) {
                return x;
            }
        }
        return -1;
    }
}
