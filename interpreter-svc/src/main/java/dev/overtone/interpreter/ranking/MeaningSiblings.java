package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.Schema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Vague evidence by meaning: two or more columns the readings disagree on in what they show (some reading's select items
 * use the column and another's do not), none of which the question spells in full, fit the same phrase of the question
 * best in meaning ({@link NameFit#closestPhrase}). "Their locations" fits {@code Latitude} and {@code Longitude}; "the
 * background" fits {@code education} and {@code experience}: one phrase, several columns, none named, so the phrase
 * leaves open which (or all). {@link UnspelledSiblings} catches the same by spelling ("commute time"). A column the
 * question spells in full ("their 5 year survival rate" spells {@code fiveYearSurvivalRate}) is left out of the count,
 * but unlike there the other columns still count: with three siblings, spelling one leaves two that may fit one phrase.
 * No constant: the best phrase of each column is compared, not a cosine against a cut, so two contested columns of a
 * question with one content phrase always share it. Only the schema's names and the question's words are read.
 */
final class MeaningSiblings {
    private MeaningSiblings() {
    }

    /**
     * @param question  the question
     * @param schema    the schema the readings run on
     * @param projected the columns each reading's select items use ({@link ReadingStructure#projected()}); a reading
     *                  that shows none (a set operation, one nothing analysed) is left out
     * @param fit       the names' fit to the question in meaning, with each name's closest phrase
     * @return 1 when two or more contested shown columns, none spelled in full, fit one question phrase best, else 0
     */
    static double of(String question, Schema schema, List<Set<String>> projected, NameFit fit) {
        List<Set<String>> judged = projected.stream().filter(p -> !p.isEmpty()).toList();
        if (judged.size() < 2) {
            return 0.0;
        }
        Map<String, List<String>> columnParts = UnspelledSiblings.columnParts(schema);
        Set<String> spelled = UnspelledSiblings.spelledWords(question);
        Map<String, Integer> columnsByPhrase = new HashMap<>();
        for (String column : UnspelledSiblings.contested(columnParts, judged)) {
            if (spelled.containsAll(columnParts.get(column))) {
                continue;
            }
            String phrase = fit.closestPhrase(column);
            if (phrase != null && columnsByPhrase.merge(phrase, 1, Integer::sum) >= 2) {
                return 1.0;
            }
        }
        return 0.0;
    }
}
