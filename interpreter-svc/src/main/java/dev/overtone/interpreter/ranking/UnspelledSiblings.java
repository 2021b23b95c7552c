package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Vague evidence from the schema's column names: a word of the question fits two or more columns the readings disagree
 * on (some reading uses the column and another does not) by spelling, and the question spells none of those columns in
 * full. "Their commute time" fits {@code mean_commute_time} and {@code median_commute_time} and leaves open which (or
 * both); "their mean commute time" spells one of them and decides. A number written in digits spells the number word
 * of a name ("5 year" spells {@code fiveYearSurvivalRate}). Only the schema's names and the question's words are read;
 * nothing is keyed to particular names.
 */
final class UnspelledSiblings {
    /** Digits that a column name writes as a word ("fiveYearSurvivalRate"). */
    private static final Map<String, String> NUMBER_WORDS = Map.ofEntries(Map.entry("0", "zero"), Map.entry("1", "one"),
            Map.entry("2", "two"), Map.entry("3", "three"), Map.entry("4", "four"), Map.entry("5", "five"),
            Map.entry("6", "six"), Map.entry("7", "seven"), Map.entry("8", "eight"), Map.entry("9", "nine"),
            Map.entry("10", "ten"), Map.entry("11", "eleven"), Map.entry("12", "twelve"));

    private UnspelledSiblings() {
    }

    /**
     * @param question      the question
     * @param schema        the schema the readings run on
     * @param questionTerms the stems of the question's schema-grounded terms (what a name can be fitted by)
     * @param readingsNames the names each reading uses (lower case, as {@link ReadingStructure#names()})
     * @return 1 when some question term fits two or more contested columns and the question spells none of them in
     *         full, else 0
     */
    static double of(String question, Schema schema, Set<String> questionTerms, List<? extends Set<String>> readingsNames) {
        if (readingsNames.size() < 2) {
            return 0.0;
        }
        Map<String, List<String>> columnParts = columnParts(schema);
        Set<String> contested = contested(columnParts, readingsNames);
        Set<String> spelled = spelledWords(question);
        for (String term : questionTerms) {
            List<String> fitted = new ArrayList<>();
            for (String column : contested) {
                if (columnParts.get(column).stream().anyMatch(part -> fits(term, part))) {
                    fitted.add(column);
                }
            }
            if (fitted.size() >= 2 && fitted.stream().noneMatch(c -> spelled.containsAll(columnParts.get(c)))) {
                return 1.0;
            }
        }
        return 0.0;
    }

    /** The columns (of {@code columnParts}) that some reading uses and another does not. */
    static Set<String> contested(Map<String, List<String>> columnParts, List<? extends Set<String>> readingsNames) {
        Set<String> contested = new HashSet<>();
        Set<String> usedByAll = new HashSet<>(readingsNames.get(0));
        for (Set<String> names : readingsNames) {
            contested.addAll(names);
            usedByAll.retainAll(names);
        }
        contested.removeAll(usedByAll);
        contested.retainAll(columnParts.keySet());
        return contested;
    }

    /** A term fits a name's word when it is that word, or the two share a prefix of 4+ letters. */
    static boolean fits(String term, String part) {
        return term.equals(part) || QuestionTerms.sharesPrefix(term, Set.of(part));
    }

    /** The question's words, stemmed, with numbers in digits also as their words. */
    static Set<String> spelledWords(String question) {
        Set<String> out = new HashSet<>();
        for (String w : QuestionTerms.NOT_LETTER_OR_DIGIT.split(question.toLowerCase(Locale.ROOT))) {
            String word = NUMBER_WORDS.getOrDefault(w, w);
            if (word.length() >= 2) {
                out.add(QuestionTerms.stem(word));
            }
        }
        return out;
    }

    /** Every column name of the schema (lower case) with its words ({@link EvidenceExtractor#parts}). */
    static Map<String, List<String>> columnParts(Schema schema) {
        Map<String, List<String>> out = new HashMap<>();
        for (Table t : schema.getTablesList()) {
            for (Column c : t.getColumnsList()) {
                out.put(c.getName().toLowerCase(Locale.ROOT), EvidenceExtractor.parts(c.getName()));
            }
        }
        return out;
    }
}
