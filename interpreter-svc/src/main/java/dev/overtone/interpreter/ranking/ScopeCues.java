package dev.overtone.interpreter.ranking;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Words by which a question spells out how far a condition or a quantifier reaches. A question that
 * states it ("both", "also", "in common", "separately") leaves less open than one that does not, and
 * a quantifier put in front of the question ("For each farm, list ...") fixes its scope the same way. And
 * which way it states it picks between a condition on every coordinated part ("halls and rooms that
 * both hold 200") and one on the last part only ("all halls, and also rooms that hold 200").
 * Chosen by hand from what the words mean, not fitted; the fitted weights are in {@link RankingWeights}.
 */
public record ScopeCues(int markers, int attachment) {
    private static final Pattern NOT_ASCII_LETTER = Pattern.compile("[^a-z]+");

    /** Words that state the reach of a condition or a quantifier explicitly. */
    static final Set<String> MARKERS = Set.of("also", "both", "either", "same", "common", "respectively",
            "separately", "together");
    /** A quantifier fronted as the question's topic: it distributes over what follows. Counts as one marker. */
    static final Pattern FRONTED_QUANTIFIER = Pattern.compile("\\s*for\\s+(?:each|every|all)\\b");
    /** Markers that carry a condition to every coordinated part. */
    static final Set<String> WIDE = Set.of("both", "either", "same");
    /** Markers that start a new coordinated part, so what follows is not shared. */
    static final Set<String> NARROW = Set.of("also");

    public static ScopeCues of(String question) {
        String lower = question.toLowerCase(Locale.ROOT);
        int markers = FRONTED_QUANTIFIER.matcher(lower).lookingAt() ? 1 : 0;
        boolean wide = false;
        boolean narrow = false;
        for (String w : NOT_ASCII_LETTER.split(lower)) {
            markers += MARKERS.contains(w) ? 1 : 0;
            wide |= WIDE.contains(w);
            narrow |= NARROW.contains(w);
        }
        return new ScopeCues(markers, (wide ? 1 : 0) - (narrow ? 1 : 0));
    }
}
