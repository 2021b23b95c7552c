package dev.overtone.clarify.memory;

import dev.overtone.clarify.mapping.MappedReply;
import dev.overtone.clarify.mapping.ReplyMapper;
import dev.overtone.clarify.mapping.Vocabulary;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.QuestionWriter;
import dev.overtone.clarify.service.ReplyKind;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a question's own words say about a fork, read the way a free-text reply to it would be (the lexical pass of
 * {@link ReplyMapper}): "the star rating of each hotel" names the stars, "the rating of each hotel" names neither.
 * Words naming a table that every option reading the schema reads are left out: they are the rows the question is
 * about ("hotel"), not the fork, and would otherwise pick the one option that names a column over one that names none
 * (a condition on hotels.stars over no condition).
 */
final class QuestionWords {

    private QuestionWords() {
    }

    /** The values of the variable the question's words name (one or several); empty when they name none. */
    static Set<Integer> namedValues(String question, DecisionVariable variable) {
        if (question == null || question.isBlank()) {
            return Set.of();
        }
        double[] every = new double[variable.codes().length];
        Arrays.fill(every, 1);
        PlannedQuestion asked = QuestionWriter.write(variable, every, 0, variable.valueCount());
        Set<String> subject = subjectWords(variable);
        String forkWords = Vocabulary.contentWords(question).stream()
                .filter(w -> subject.stream().noneMatch(t -> Vocabulary.matches(w, t) || Vocabulary.matches(t, w)))
                .collect(Collectors.joining(" "));
        Optional<MappedReply> named = new ReplyMapper(asked.options(), variable).byWords(forkWords);
        return named.filter(r -> r.kind() == ReplyKind.ONE || r.kind() == ReplyKind.SEVERAL).map(r -> Set.copyOf(r.codes()))
                .orElse(Set.of());
    }

    /** Words of the tables every option that names a schema element reads ("hotels.stars" → hotels). */
    private static Set<String> subjectWords(DecisionVariable variable) {
        Set<String> common = null;
        for (String terms : variable.valueTerms()) {
            Set<String> tables = new HashSet<>();
            for (String term : terms.split("\\s+")) {
                int dot = term.indexOf('.');
                if (dot > 0) {
                    tables.addAll(Vocabulary.words(term.substring(0, dot)));
                }
            }
            if (!tables.isEmpty()) {
                if (common == null) {
                    common = tables;
                } else {
                    common.retainAll(tables);
                }
            }
        }
        return common == null ? Set.of() : common;
    }
}
