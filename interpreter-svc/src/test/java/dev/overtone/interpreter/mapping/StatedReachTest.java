package dev.overtone.interpreter.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;
import org.junit.jupiter.api.Test;

/** Which remembered choices may decide for a question that states a reach, and the candidates left consistent with them. */
class StatedReachTest {
    private static final String OPEN = "Give me descriptions of fixtures each technician uses.";
    private static final String STATED = "For every technician, list descriptions on fixtures used.";

    private static AppliedChoice applied(String question, String... candidates) {
        return AppliedChoice.newBuilder().setChoice(RememberedChoice.newBuilder().setQuestion(question))
                .addAllCandidateIds(java.util.List.of(candidates)).build();
    }

    private static RecallResponse recall(AppliedChoice... applied) {
        RecallResponse.Builder recall = RecallResponse.newBuilder().setAnyRemembered(true);
        for (AppliedChoice a : applied) {
            recall.addApplied(a);
        }
        return recall.addConsistentCandidateIds("i2").build();
    }

    @Test
    void aQuestionThatStatesNoReachKeepsEveryChoice() {
        RecallResponse recall = recall(applied(OPEN, "i2", "i3"), applied(STATED, "i2"));

        assertThat(StatedReach.applicable(OPEN, recall)).isSameAs(recall);
    }

    @Test
    void aChoiceMadeWhereTheReachWasOpenDoesNotDecideForAQuestionThatStatesIt() {
        RecallResponse kept = StatedReach.applicable(STATED, recall(applied(OPEN, "i2")));

        assertThat(kept.getAppliedList()).isEmpty();
        assertThat(kept.getAnyRemembered()).isTrue();
        assertThat(kept.getConsistentCandidateIdsList()).containsExactly("i2"); // as they came: read only where a choice applies
    }

    @Test
    void theChoicesLeftDecideWhichCandidatesAreConsistent() {
        RecallResponse kept = StatedReach.applicable(STATED, recall(applied(OPEN, "i2"), applied("For each technician, the names", "i1", "i2", "i3"),
                applied("For all technicians, the fixtures and the cameras", "i3", "i1")));

        assertThat(kept.getAppliedList()).extracting(a -> a.getChoice().getQuestion())
                .containsExactly("For each technician, the names", "For all technicians, the fixtures and the cameras");
        assertThat(kept.getConsistentCandidateIdsList()).containsExactly("i1", "i3");
    }

    @Test
    void otherWordsOfReachDoNotTurnAChoiceAway() {
        RecallResponse recall = recall(applied("return the rating of each hotel", "i2"));

        assertThat(StatedReach.applicable("show only the hotels rated above 4, and also both their cities", recall)).isSameAs(recall);
    }
}
