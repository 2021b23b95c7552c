package dev.overtone.interpreter.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
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
    /** Words and commas, lower case: a comma before "also" matters as much as a word. */
    private static final Pattern WORD_OR_COMMA = Pattern.compile("[a-z]+|,");
    private static final String COMMA = ",";

    /**
     * Words that state the reach of a condition or a quantifier explicitly; "just", "only", "regardless" and "(in)
     * addition" mark where a condition stops ("all banks, and only those ... that").
     */
    static final Set<String> MARKERS = Set.of("also", "both", "either", "same", "common", "respectively",
            "separately", "together", "just", "only", "regardless", "addition");
    /** A quantifier fronted as the question's topic: it distributes over what follows. Counts as one marker. */
    static final Pattern FRONTED_QUANTIFIER = Pattern.compile("\\s*for\\s+(?:each|every|all)\\b");
    /** Markers that carry a condition to every coordinated part. */
    static final Set<String> WIDE = Set.of("both", "either", "same");
    /**
     * "also" opens a new part of the request when it follows a conjunction or a comma ("..., and also list
     * rooms that ...") or comes before a verb of asking ("also show"): what follows is not shared. Anywhere
     * else it carries the predicate just stated over to another subject ("what bluegrass singers also
     * play", "which did she also supervise"): the condition is shared.
     */
    static final String ALSO = "also";
    static final Set<String> OPENING_CONJUNCTIONS = Set.of("and", "then", "but");
    static final Set<String> VERBS_OF_ASKING = Set.of("list", "show", "display", "provide", "give", "find",
            "include", "tell", "return", "name", "get", "add");

    public static ScopeCues of(String question) {
        String lower = question.toLowerCase(Locale.ROOT);
        int markers = FRONTED_QUANTIFIER.matcher(lower).lookingAt() ? 1 : 0;
        List<String> tokens = tokens(lower);
        boolean wide = false;
        boolean narrow = false;
        for (int i = 0; i < tokens.size(); i++) {
            String w = tokens.get(i);
            markers += MARKERS.contains(w) ? 1 : 0;
            wide |= WIDE.contains(w);
            if (w.equals(ALSO)) {
                boolean opensNewPart = opensNewPart(i == 0 ? "" : tokens.get(i - 1),
                        i + 1 < tokens.size() ? tokens.get(i + 1) : "");
                narrow |= opensNewPart;
                wide |= !opensNewPart;
            }
        }
        return new ScopeCues(markers, (wide ? 1 : 0) - (narrow ? 1 : 0));
    }

    /** Whether the question opens with a quantifier that distributes over what follows ("For each farm, list ..."). */
    public static boolean frontsAQuantifier(String question) {
        return FRONTED_QUANTIFIER.matcher(question.toLowerCase(Locale.ROOT)).lookingAt();
    }

    private static boolean opensNewPart(String before, String after) {
        return before.equals(COMMA) || OPENING_CONJUNCTIONS.contains(before) || VERBS_OF_ASKING.contains(after);
    }

    private static List<String> tokens(String lower) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD_OR_COMMA.matcher(lower);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
