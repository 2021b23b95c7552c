package dev.overtone.clarify.service;

import dev.overtone.clarify.mapping.Vocabulary;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The question word a fork is about: the word whose meaning the readings disagree on (CLARITY's pivot
 * term). Words that name a table the readings read are the rows asked about, not the fork; a word
 * every option grounds is common ground. First lexically: the word some (not all) options' schema
 * elements and literals mention, most options first. Otherwise by meaning: the word every option is
 * closest to (the least similar option decides), when that reaches {@link #MIN_SIMILARITY}.
 */
public final class PivotTerm {

    /**
     * Cosine (MiniLM) a question word must reach against every option to be their pivot. Chosen on the
     * dialogues in QuestionWriterTest/PivotTermTest ("rating" vs stars/review score ≈ 0.4–0.5; unrelated
     * words ≈ 0.1–0.2), not tuned on a development set.
     */
    static final double MIN_SIMILARITY = 0.3;

    private PivotTerm() {
    }

    /** The pivot word, or "" when no question word grounds this fork. */
    public static String of(String question, DecisionVariable variable, WordSimilarity similarity) {
        List<String> words = candidates(question, variable);
        String lexical = lexical(words, variable);
        if (lexical != null) {
            return lexical;
        }
        String best = "";
        double bestScore = MIN_SIMILARITY;
        for (String w : words) {
            double worst = 1;
            for (int x = 0; x < variable.valueCount(); x++) {
                worst = Math.min(worst, closeness(w, variable, x, similarity));
            }
            if (worst >= bestScore) {
                best = w;
                bestScore = worst;
            }
        }
        return best;
    }

    /** Content words of the question that do not name a table the readings read. */
    private static List<String> candidates(String question, DecisionVariable variable) {
        Set<String> tables = tableWords(variable);
        List<String> out = new ArrayList<>();
        for (String w : Vocabulary.contentWords(question)) {
            if (w.length() >= 3 && !out.contains(w) && tables.stream().noneMatch(t -> Vocabulary.matches(w, t) || Vocabulary.matches(t, w))) {
                out.add(w);
            }
        }
        return out;
    }

    private static String lexical(List<String> words, DecisionVariable variable) {
        String best = null;
        int bestScore = 0;
        for (String w : words) {
            int score = 0;
            for (int x = 0; x < variable.valueCount(); x++) {
                for (String v : vocabulary(variable, x)) {
                    if (Vocabulary.matches(w, v) || Vocabulary.matches(v, w)) {
                        score++;
                        break;
                    }
                }
            }
            if (score < variable.valueCount() && score > bestScore) {
                best = w;
                bestScore = score;
            }
        }
        return best;
    }

    /** How close a word is to what option x names: its best-matching column name or phrase. */
    private static double closeness(String word, DecisionVariable variable, int x, WordSimilarity similarity) {
        double best = 0;
        for (String text : meanings(variable, x)) {
            best = Math.max(best, similarity.similarity(word, text));
        }
        return best;
    }

    /** What an option means in words: its column names and its phrase (tables and articles left out). */
    private static List<String> meanings(DecisionVariable variable, int x) {
        List<String> out = new ArrayList<>();
        for (String term : variable.valueTerms().get(x).split("\\s+")) {
            int dot = term.indexOf('.');
            if (dot > 0 && dot < term.length() - 1 && term.substring(dot + 1).matches("[A-Za-z0-9_]+")) {
                out.add(OptionPhrase.words(term.substring(dot + 1)));
            }
        }
        String label = variable.valueLabels().get(x).replaceAll("\\(.*?\\)", "").replaceFirst("^the ", "").trim();
        if (!label.isEmpty()) {
            out.add(label);
        }
        return out;
    }

    private static Set<String> vocabulary(DecisionVariable variable, int x) {
        Set<String> tables = tableWords(variable);
        Set<String> out = new HashSet<>();
        // schema names and literals only: the labels' own words ("total", "average") are ours, not the schema's
        for (String v : Vocabulary.words(variable.valueTerms().get(x))) {
            if (!tables.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Words of the tables the options' schema elements live in ("hotels.stars" → hotels). */
    private static Set<String> tableWords(DecisionVariable variable) {
        Set<String> tables = new HashSet<>();
        for (String terms : variable.valueTerms()) {
            for (String t : terms.split("\\s+")) {
                int dot = t.indexOf('.');
                if (dot > 0) {
                    tables.addAll(Vocabulary.words(t.substring(0, dot)));
                }
            }
        }
        return tables;
    }
}
