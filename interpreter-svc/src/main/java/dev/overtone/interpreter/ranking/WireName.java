package dev.overtone.interpreter.ranking;

import java.util.Locale;

/**
 * A ranking input's name on the wire: in {@code Interpretation.evidence} and in what the offline fitting tool
 * ({@code bench/tools/fit_ranker.py}) reads and prints its weights under. It is the constant's name in lower case.
 */
public interface WireName {

    String name();

    default String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
