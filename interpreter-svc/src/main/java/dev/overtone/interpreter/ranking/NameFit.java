package dev.overtone.interpreter.ranking;

import java.util.function.ToDoubleFunction;

/**
 * How well each schema name (lower case) fits one question in meaning ({@link NameMeaning#fit}), and which phrase of the
 * question it fits best. A plain lambda gives the fit alone: no name has a closest phrase.
 */
@FunctionalInterface
public interface NameFit extends ToDoubleFunction<String> {
    /** @return the question phrase the name fits best in meaning, or null when none is known */
    default String closestPhrase(String name) {
        return null;
    }
}
