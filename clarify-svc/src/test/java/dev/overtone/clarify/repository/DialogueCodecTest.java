package dev.overtone.clarify.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.VariableStatus;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A dialogue's values survive their stored rows unchanged, whatever text a schema or a person put in them. */
class DialogueCodecTest {

    private static final String AWKWARD = "the \"best\" 'rated' \\ ünïcode \u2028 line\nnext {\"json\": [1]}";

    @Test
    void aVariableSurvivesItsRowFieldByField() {
        DecisionVariable variable = new DecisionVariable("v2", List.of("select/items[0]", "orderBy[0]/expr"), "SELECT",
                new int[] {0, 1, 1, 0}, List.of("hotels.stars", DecisionVariable.ABSENT), List.of("stars", AWKWARD),
                List.of("stars", "rating", AWKWARD), "rating");
        UUID session = UUID.randomUUID();

        VariableEntity row = DialogueCodec.toEntity(session, 3, variable, VariableStatus.MERGED);
        DecisionVariable back = DialogueCodec.toVariable(row);

        assertThat(row.sessionId).isEqualTo(session);
        assertThat(row.ordinal).isEqualTo(3);
        assertThat(row.status).isEqualTo("MERGED");
        assertThat(back.id()).isEqualTo("v2");
        assertThat(back.paths()).isEqualTo(variable.paths());
        assertThat(back.clause()).isEqualTo("SELECT");
        assertThat(back.codes()).containsExactly(0, 1, 1, 0);
        assertThat(back.valueKeys()).isEqualTo(variable.valueKeys());
        assertThat(back.valueLabels()).isEqualTo(variable.valueLabels());
        assertThat(back.valueTerms()).isEqualTo(variable.valueTerms());
        assertThat(back.pivotTerm()).isEqualTo("rating");
    }

    @Test
    void aVariableWithoutPivotOrTermsComesBackEmptyNotNull() {
        VariableEntity row = DialogueCodec.toEntity(UUID.randomUUID(), 0,
                new DecisionVariable("v0", List.of("where"), "WHERE", new int[0], List.of(), List.of(), List.of()),
                VariableStatus.OPEN);

        DecisionVariable back = DialogueCodec.toVariable(row);

        assertThat(back.pivotTerm()).isEmpty();
        assertThat(back.codes()).isEmpty();
        assertThat(back.valueTerms()).isEmpty();
    }

    @Test
    void optionsKeepOrderProbabilityKindAndCodes() {
        List<PlannedQuestion.Option> options = List.of(
                new PlannedQuestion.Option("o1", AWKWARD, 0.1 + 0.2, PlannedQuestion.Kind.VALUE, List.of(0, 2)),
                new PlannedQuestion.Option("o2", "either", 1e-12, PlannedQuestion.Kind.ANY, List.of()),
                new PlannedQuestion.Option("o3", "none of these", 0.0, PlannedQuestion.Kind.NONE, List.of()));

        assertThat(DialogueCodec.options(DialogueCodec.optionsJson(options))).isEqualTo(options);
    }

    @Test
    void theDistributionKeepsEachCandidatesShareInCandidateOrder() {
        CandidateEntity a = new CandidateEntity();
        a.candidateId = "c-b";
        CandidateEntity b = new CandidateEntity();
        b.candidateId = "c-a";
        double[] p = {2.0 / 3.0, 1.0 / 3.0};

        List<DialogueCodec.Share> shares = DialogueCodec.distribution(DialogueCodec.distributionJson(List.of(a, b), p));

        assertThat(shares).containsExactly(new DialogueCodec.Share("c-b", 2.0 / 3.0), new DialogueCodec.Share("c-a", 1.0 / 3.0));
        assertThat(DialogueCodec.distribution(null)).isEmpty();
    }
}
