package dev.overtone.interpreter.ranking;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether the question asks for everything a reading shows: every column its select items use is referred to by a word
 * of the question, by spelling (a word of the column's name is a question word, stemmed, or shares a prefix of 4+
 * letters with one: the test {@link Feature#NAME_GROUNDING} makes). "Which choreographer created Giselle?" refers to
 * {@code choreographer}; a reading that shows {@code choreographer, musician} shows a column no word asks for. When the
 * first reading shows only what the question asks for, what the other readings add or change is not what the question
 * left open, so it counts against the verdict's AMBIGUOUS. Only the schema's names and the question's words are read.
 */
final class ProjectionReferred {
    private ProjectionReferred() {
    }

    /**
     * @param projected     the columns the reading's select items use ({@link ReadingStructure#projected()})
     * @param namesToParts  every schema name (lower case) with its words ({@link EvidenceExtractor#parts})
     * @param questionStems the question's words, stemmed
     * @return 1 when it projects at least one column and the question refers to each, else 0 (a reading that shows no
     *         column of the schema, a set operation's, or one nothing analysed, is not judged: 0)
     */
    static double of(Set<String> projected, Map<String, List<String>> namesToParts, Set<String> questionStems) {
        if (projected.isEmpty()) {
            return 0.0;
        }
        for (String column : projected) {
            List<String> parts = namesToParts.get(column);
            if (parts == null || parts.stream().noneMatch(p -> EvidenceExtractor.matches(p, questionStems))) {
                return 0.0;
            }
        }
        return 1.0;
    }
}
