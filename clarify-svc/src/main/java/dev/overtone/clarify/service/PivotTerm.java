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
        Set<String> tables = tableWords(variable);
        List<String> words = candidates(question, tables);
        if (words.isEmpty()) {
            return ""; // no word to ground the fork: nothing of the options is gathered (their meanings would make their labels)
        }
        String lexical = lexical(words, vocabularies(variable, tables));
        if (lexical != null) {
            return lexical;
        }
        List<List<String>> meanings = meanings(variable);
        String best = "";
        double bestScore = MIN_SIMILARITY;
        for (String w : words) {
            double worst = 1;
            // once below the best so far the word cannot win, so the other options need not be compared
            for (int x = 0; x < meanings.size() && worst >= bestScore; x++) {
                worst = Math.min(worst, closeness(w, meanings.get(x), similarity));
            }
            if (worst >= bestScore) {
                best = w;
                bestScore = worst;
            }
        }
        return best;
    }

    /** Content words of the question that do not name a table the readings read. */
    private static List<String> candidates(String question, Set<String> tables) {
        List<String> out = new ArrayList<>();
        for (String w : Vocabulary.contentWords(question)) {
            if (w.length() >= 3 && !out.contains(w) && tables.stream().noneMatch(t -> Vocabulary.matches(w, t) || Vocabulary.matches(t, w))) {
                out.add(w);
            }
        }
        return out;
    }

    private static String lexical(List<String> words, List<Set<String>> vocabularies) {
        String best = null;
        int bestScore = 0;
        for (String w : words) {
            int score = 0;
            for (Set<String> vocabulary : vocabularies) {
                for (String v : vocabulary) {
                    if (Vocabulary.matches(w, v) || Vocabulary.matches(v, w)) {
                        score++;
                        break;
                    }
                }
            }
            if (score < vocabularies.size() && score > bestScore) {
                best = w;
                bestScore = score;
            }
        }
        return best;
    }

    /** How close a word is to what an option names: its best-matching column name or phrase. */
    private static double closeness(String word, List<String> meanings, WordSimilarity similarity) {
        double best = 0;
        for (String text : meanings) {
            best = Math.max(best, similarity.similarity(word, text));
        }
        return best;
    }

    /** Each option's meanings, in the variable's order. */
    private static List<List<String>> meanings(DecisionVariable variable) {
        List<List<String>> out = new ArrayList<>();
        for (int x = 0; x < variable.valueCount(); x++) {
            out.add(meanings(variable, x));
        }
        return out;
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

    /** Each option's schema names and literals, less the tables' words (the labels' own words, "total", "average", are ours). */
    private static List<Set<String>> vocabularies(DecisionVariable variable, Set<String> tables) {
        List<Set<String>> out = new ArrayList<>();
        for (String terms : variable.valueTerms()) {
            Set<String> vocabulary = new HashSet<>();
            for (String v : Vocabulary.words(terms)) {
                if (!tables.contains(v)) {
                    vocabulary.add(v);
                }
            }
            out.add(vocabulary);
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
