package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.JsonColumns;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.SlotValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a person decided in a dialogue: a question answered with exactly one of its values, over the others offered. */
class AnsweredForksTest {
    private static final List<PlannedQuestion.Option> OFFERED = List.of(
            new PlannedQuestion.Option("o1", "the hotel's stars", 0.5, PlannedQuestion.Kind.VALUE, List.of(0)),
            new PlannedQuestion.Option("o2", "the average review score", 0.3, PlannedQuestion.Kind.VALUE, List.of(1)),
            new PlannedQuestion.Option("o3", "no such column", 0.2, PlannedQuestion.Kind.VALUE, List.of(2)),
            new PlannedQuestion.Option("none", "none of these", 0, PlannedQuestion.Kind.NONE, List.of()),
            new PlannedQuestion.Option("any", "either is fine", 0, PlannedQuestion.Kind.ANY, List.of(0, 1, 2)));

    private static List<DecisionVariable> forks() {
        return DecisionVariableExtractor.extract(List.of(
                List.of(slot("select[0]", "hotels.name"), slot("select[1]", "hotels.stars")),
                List.of(slot("select[0]", "hotels.name"), slot("select[1]", "AVG(reviews.score)")),
                List.of(slot("select[0]", "hotels.name")))).stream().map(v -> v.withPivotTerm("rating")).toList();
    }

    private static SlotValue slot(String path, String value) {
        return new SlotValue(path, value, value, List.of(value));
    }

    private static TurnEntity answered(String kind, String variableId, List<PlannedQuestion.Option> options, String... mapped) {
        TurnEntity t = new TurnEntity();
        t.kind = kind;
        t.variableId = variableId;
        t.options = options == null ? null : DialogueCodec.optionsJson(options);
        t.mappedOptionIds = JsonColumns.write(List.of(mapped));
        return t;
    }

    @Test
    void oneValueAnsweredIsThatValueChosenOverTheOtherValuesOffered() {
        List<ForkChoice> decided = AnsweredForks.of(forks(), List.of(answered(TurnEntity.QUESTION, "v1", OFFERED, "o2")));

        assertThat(decided).containsExactly(new ForkChoice("select", "rating", "AVG(reviews.score)",
                List.of("hotels.stars", DecisionVariable.ABSENT), forks().get(0).valueLabels().get(1)));
    }

    @Test
    void noDecisionFromNoneAnyManyValuesAnotherTurnOrAnUnknownFork() {
        assertThat(AnsweredForks.of(forks(), List.of(
                answered(TurnEntity.QUESTION, "v1", OFFERED, "none"),
                answered(TurnEntity.QUESTION, "v1", OFFERED, "any"),
                answered(TurnEntity.QUESTION, "v1", OFFERED, "o1", "o2"),
                answered(TurnEntity.QUESTION, "v1", OFFERED),
                answered(TurnEntity.RESOLUTION, "v1", OFFERED, "o1"),
                answered(TurnEntity.QUESTION, "v9", OFFERED, "o1"),
                answered(TurnEntity.QUESTION, "v1", null, "o1")))).isEmpty();
        // a value offered alone was chosen over nothing
        assertThat(AnsweredForks.of(forks(), List.of(answered(TurnEntity.QUESTION, "v1", OFFERED.subList(0, 1), "o1")))).isEmpty();
    }
}
