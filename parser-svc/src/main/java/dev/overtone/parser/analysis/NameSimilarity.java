package dev.overtone.parser.analysis;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How close two names (or a name and a question) are. Lexical closeness is built in; a semantic
 * measure (an embedding model) can be plugged in, so the analysis itself stays pure.
 */
public interface NameSimilarity {

    /** Semantic closeness in [0, 1] of two short texts; 0 when unknown. */
    double semantic(String a, String b);

    NameSimilarity LEXICAL_ONLY = (a, b) -> 0.0;

    /** What separates the words of {@link Phrasing#words}' lower-case text; compiled once (it runs per name pair). */
    Pattern WORD_BREAK = Pattern.compile("[^a-z0-9]+");

    static Set<String> tokens(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : WORD_BREAK.split(Phrasing.words(text))) {
            if (w.length() < 2 || STOP.contains(w)) continue;
            out.add(stem(w));
        }
        return out;
    }

    static String stem(String w) {
        String s = w.toLowerCase(Locale.ROOT);
        if (s.endsWith("ies") && s.length() > 4) return s.substring(0, s.length() - 3) + "y";
        if (s.endsWith("es") && s.length() > 4 && (s.endsWith("ses") || s.endsWith("xes") || s.endsWith("ches") || s.endsWith("shes")))
            return s.substring(0, s.length() - 2);
        if (s.endsWith("s") && !s.endsWith("ss") && s.length() > 3) return s.substring(0, s.length() - 1);
        return s;
    }

    /** Share of the smaller token set found in the other (prefix matches of 4+ letters count). */
    static double lexical(String a, String b) {
        Set<String> ta = tokens(a);
        Set<String> tb = tokens(b);
        if (ta.isEmpty() || tb.isEmpty()) return 0;
        int hits = 0;
        Set<String> small = ta.size() <= tb.size() ? ta : tb;
        Set<String> large = small == ta ? tb : ta;
        for (String t : small) if (large.stream().anyMatch(u -> sameWord(t, u))) hits++;
        return hits / (double) small.size();
    }

    static boolean sameWord(String a, String b) {
        if (a.equals(b)) return true;
        int n = Math.min(a.length(), b.length());
        return n >= 4 && (a.startsWith(b) || b.startsWith(a));
    }

    /** Share of a name's tokens that the question mentions (0 when none). */
    static double mentioned(Set<String> questionTokens, String name) {
        Set<String> tn = tokens(name);
        if (tn.isEmpty()) return 0;
        int hits = 0;
        for (String t : tn) if (questionTokens.stream().anyMatch(q -> sameWord(q, t))) hits++;
        return hits / (double) tn.size();
    }

    Set<String> STOP = new HashSet<>(Set.of("the", "of", "and", "or", "a", "an", "in", "on", "for", "to", "by", "with", "is", "are",
            "what", "which", "who", "show", "me", "give", "list", "all", "each", "every", "their", "its", "id", "that", "from", "them",
            "one", "table", "please", "do", "does", "have", "has", "how", "many", "much", "be", "as", "at", "there", "these", "those", "this"));
}
