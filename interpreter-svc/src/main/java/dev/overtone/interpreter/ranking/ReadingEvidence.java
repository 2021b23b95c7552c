package dev.overtone.interpreter.ranking;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * The evidence of one reading: a value per {@link Feature}, and its parts ({@link ReadingStructure#parts()}, the
 * canonical values of its slots) for diversity.
 */
public record ReadingEvidence(Map<Feature, Double> values, Set<String> parts) {

    public ReadingEvidence {
        values = new EnumMap<>(values);
    }

    public double get(Feature f) {
        return values.getOrDefault(f, 0.0);
    }

    /** Jaccard similarity of two sets (1 for two empty sets): of two readings' parts, or of their results' cell values. */
    public static double similarity(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 1.0;
        }
        int common = 0;
        for (String w : a) {
            if (b.contains(w)) {
                common++;
            }
        }
        return (double) common / (a.size() + b.size() - common);
    }
}
