package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Schema;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether the question itself settles the columns the readings disagree on: of the contested columns (some reading uses
 * the column and another does not), every one that a word of the question refers to by spelling (a word of its name is
 * a question word, or shares a prefix of 4+ letters with one: the test {@link Feature#NAME_GROUNDING} makes) is spelled
 * in full (each word of its name is a question word; a number in digits spells its word, as in {@link UnspelledSiblings}).
 * "Their mean and median commute time", against readings that differ in {@code mean_commute_time} and
 * {@code median_commute_time}, spells both and settles them; "their commute time" refers to both and spells neither;
 * "their mean commute time" spells one and still refers to the other, so it does not settle them either. A question
 * that settles what the readings differ in leaves less open, so it counts against the verdict's AMBIGUOUS. Only the
 * schema's names and the question's words are read; nothing is keyed to particular names.
 */
final class SpelledContest {
    private SpelledContest() {
    }

    /**
     * @param question      the question
     * @param schema        the schema the readings run on
     * @param readingsNames the names each reading uses (lower case, as {@link ReadingStructure#names()})
     * @return 1 when a question word refers to at least one contested column and the question spells each such column
     *         in full, else 0 (also with fewer than two readings)
     */
    static double of(String question, Schema schema, List<? extends Set<String>> readingsNames) {
        if (readingsNames.size() < 2) {
            return 0.0;
        }
        Map<String, List<String>> columnParts = UnspelledSiblings.columnParts(schema);
        Set<String> words = UnspelledSiblings.spelledWords(question);
        boolean anyReferred = false;
        for (String column : UnspelledSiblings.contested(columnParts, readingsNames)) {
            List<String> parts = columnParts.get(column);
            boolean referred = parts.stream().anyMatch(p -> words.contains(p) || QuestionTerms.sharesPrefix(p, words));
            if (!referred) {
                continue;
            }
            if (!words.containsAll(parts)) {
                return 0.0;
            }
            anyReferred = true;
        }
        return anyReferred ? 1.0 : 0.0;
    }
}
