package dev.overtone.clarify.service;

import java.util.List;

/**
 * A fork between readings: one slot path of the parsed SQL (or several that always move together).
 * {@code codes[i]} is the value index reading {@code i} has here; {@code valueKeys} are the canonical
 * values (the slot text, or "absent"), {@code valueLabels} what a person reads, {@code valueTerms} the
 * words a reply may use for a value (schema names, literals), {@code pivotTerm} the question word the
 * fork is about ("" when none; see {@link PivotTerm}).
 */
public record DecisionVariable(
        String id,
        List<String> paths,
        String clause,
        int[] codes,
        List<String> valueKeys,
        List<String> valueLabels,
        List<String> valueTerms,
        String pivotTerm) {

    public static final String ABSENT = "absent";

    public DecisionVariable(String id, List<String> paths, String clause, int[] codes, List<String> valueKeys,
            List<String> valueLabels, List<String> valueTerms) {
        this(id, paths, clause, codes, valueKeys, valueLabels, valueTerms, "");
    }

    public DecisionVariable withPivotTerm(String term) {
        return new DecisionVariable(id, paths, clause, codes, valueKeys, valueLabels, valueTerms, term == null ? "" : term);
    }

    public int valueCount() {
        return valueKeys.size();
    }

    /** Whether the readings still alive under {@code p} disagree here. */
    public boolean splits(double[] p) {
        int first = -1;
        for (int i = 0; i < codes.length; i++) {
            if (p[i] > 0) {
                if (first < 0) {
                    first = codes[i];
                } else if (codes[i] != first) {
                    return true;
                }
            }
        }
        return false;
    }
}
