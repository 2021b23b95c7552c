package dev.overtone.interpreter.ranking;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/** The evidence of one reading: a value per {@link Feature}, and its content words for diversity. */
public record ReadingEvidence(Map<Feature, Double> values, Set<String> contentWords) {

    public ReadingEvidence {
        values = new EnumMap<>(values);
    }

    public double get(Feature f) {
        return values.getOrDefault(f, 0.0);
    }
}
