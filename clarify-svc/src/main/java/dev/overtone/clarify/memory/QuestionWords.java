package dev.overtone.clarify.memory;

import dev.overtone.clarify.mapping.MappedReply;
import dev.overtone.clarify.mapping.ReplyMapper;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.QuestionWriter;
import dev.overtone.clarify.service.ReplyKind;
import java.util.Arrays;
import java.util.Optional;

/**
 * What a question's own words say about a fork, read the way a free-text reply to it would be (the lexical pass of
 * {@link ReplyMapper}): "the star rating of each hotel" names the stars, "the rating of each hotel" names neither.
 */
final class QuestionWords {

    private QuestionWords() {
    }

    /** The one value of the variable the question's words select, or −1 when they select none or several. */
    static int namedValue(String question, DecisionVariable variable) {
        if (question == null || question.isBlank()) {
            return -1;
        }
        double[] every = new double[variable.codes().length];
        Arrays.fill(every, 1);
        PlannedQuestion asked = QuestionWriter.write(variable, every, 0, variable.valueCount());
        Optional<MappedReply> named = new ReplyMapper(asked.options(), variable).byWords(question);
        return named.filter(r -> r.kind() == ReplyKind.ONE).map(r -> r.codes().iterator().next()).orElse(-1);
    }
}
