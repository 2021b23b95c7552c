package dev.overtone.clarify.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Words of questions, replies, labels and schema names, and how two of them match. */
public final class Vocabulary {
    private static final Set<String> STOPWORDS = Set.copyOf(java.util.List.of(
            "the", "a", "an", "of", "for", "and", "or", "to", "in", "on", "by", "with", "is", "are", "was",
            "be", "do", "does", "did", "you", "your", "me", "my", "i", "it", "its", "this", "that", "these",
            "those", "what", "which", "who", "whom", "how", "many", "much", "each", "every", "all", "any",
            "please", "mean", "meant", "use", "using", "show", "list", "return", "give", "get", "find",
            "want", "one", "just", "them", "their", "they", "there", "from", "select", "where", "as", "at",
            "than", "then", "also", "not", "no", "yes", "like", "would", "should", "could", "can", "have",
            "has", "had", "so", "if", "but", "about", "into", "per", "only", "value", "values", "column",
            "table", "count", "sum", "avg", "min", "max", "join", "on", "group", "order", "limit", "desc", "asc",
            "distinct", "having", "null", "true", "false", "between", "exists"));

    private Vocabulary() {
    }

    /** Lower-cased words, split on anything but letters and digits (so "hotels.stars" → hotels, stars). */
    public static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** Words that carry meaning: no stopwords, at least two characters. */
    public static List<String> contentWords(String text) {
        List<String> out = new ArrayList<>();
        for (String w : words(text)) {
            if (w.length() >= 2 && !STOPWORDS.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /**
     * Two words match when equal, when the reply word abbreviates the other ("prod" → "product",
     * three letters at least), or when one is the other plus an ending ("stars"/"star").
     */
    public static boolean matches(String replyWord, String word) {
        if (replyWord.equals(word)) {
            return true;
        }
        if (replyWord.length() >= 3 && word.startsWith(replyWord)) {
            return true;
        }
        return word.length() >= 4 && replyWord.startsWith(word) && replyWord.length() - word.length() <= 3;
    }
}
