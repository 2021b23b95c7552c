package dev.overtone.clarify.memory;

import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.JsonColumns;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import java.util.ArrayList;
import java.util.List;

/**
 * What a person decided in a dialogue: each question answered with one of its values (not "none of these", "either is
 * fine", an unhelpful reply or several values), as that value chosen over the others the question offered.
 */
public final class AnsweredForks {

    private AnsweredForks() {
    }

    public static List<ForkChoice> of(List<DecisionVariable> variables, List<TurnEntity> answeredTurns) {
        List<ForkChoice> out = new ArrayList<>();
        for (TurnEntity t : answeredTurns) {
            if (!TurnEntity.QUESTION.equals(t.kind) || t.mappedOptionIds == null || t.options == null) {
                continue;
            }
            List<String> mapped = JsonColumns.strings(t.mappedOptionIds);
            List<PlannedQuestion.Option> options = DialogueCodec.options(t.options);
            List<PlannedQuestion.Option> picked = options.stream().filter(o -> mapped.contains(o.id())).toList();
            if (picked.size() != 1 || picked.get(0).kind() != PlannedQuestion.Kind.VALUE) {
                continue;
            }
            int chosen = picked.get(0).codes().get(0);
            List<Integer> offered = options.stream().filter(o -> o.kind() == PlannedQuestion.Kind.VALUE && o != picked.get(0))
                    .map(o -> o.codes().get(0)).toList();
            variables.stream().filter(v -> v.id().equals(t.variableId)).findFirst()
                    .filter(v -> !offered.isEmpty())
                    .ifPresent(v -> out.add(ForkChoice.of(v, chosen, offered)));
        }
        return out;
    }
}
