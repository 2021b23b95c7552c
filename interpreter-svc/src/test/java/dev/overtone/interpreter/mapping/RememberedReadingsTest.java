package dev.overtone.interpreter.mapping;

import dev.overtone.interpreter.ranking.MemoryBoost;
import dev.overtone.proto.v1.AmbiguitySummary;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.Stage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** An answer with the remembered choices Recall said apply: what moves, what each reading says, the verdict. */
class RememberedReadingsTest {
    private static final RememberedChoice SCORE = RememberedChoice.newBuilder().setId("c1").setTenant("demo").setDatabase("hotels")
            .setClause("select").setPivotTerm("rating").setChosenValue("reviews.score").addRejectedValues("hotels.stars")
            .setQuestion("return the rating of each hotel")
            .setExplanation("'rating' read as reviews.score: chosen in this database on 2026-11-20").build();

    private static final String QUESTION = "return the rating of each hotel";

    private final RememberedReadings remembered = new RememberedReadings(new MemoryBoost(19));

    @Test
    void theAgreeingReadingComesFirstAsI1RaisedWithWhyAndTheAnswerIsNoLongerAmbiguous() {
        InterpretResponse answer = remembered.apply(QUESTION, ambiguous(), recall("i2"));

        Interpretation first = answer.getInterpretations(0);
        assertThat(first.getSql()).isEqualTo("score");
        assertThat(first.getId()).isEqualTo("i1");
        assertThat(first.getProbability()).isGreaterThan(0.3);
        assertThat(first.getRememberedList()).containsExactly(SCORE);
        assertThat(first.getAlternative()).isFalse();
        Interpretation second = answer.getInterpretations(1);
        assertThat(second.getId()).isEqualTo("i2");
        assertThat(second.getRememberedList()).isEmpty();
        assertThat(second.getAlternative()).isTrue();
        assertThat(first.getProbability() + second.getProbability()).isCloseTo(1.0, within(1e-12));
        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(answer.getAmbiguity().getAmbiguous()).isFalse();
        assertThat(answer.getShownCount()).isEqualTo(1);
        assertThat(answer.getAmbiguityProbability()).isLessThan(0.05);
    }

    @Test
    void aDegradedFindingStageMakesTheRememberedAnswerIncompleteNotAnswerable() {
        InterpretResponse degraded = ambiguous().toBuilder().addDegradations(Degradation.newBuilder().setStage(Stage.STAGE_INFILL)).build();

        assertThat(remembered.apply(QUESTION, degraded, recall("i2")).getOutcome()).isEqualTo(Outcome.OUTCOME_INCOMPLETE);
    }

    @Test
    void nothingAppliedOrNothingToldApartLeavesTheAnswerAsItWas() {
        InterpretResponse answer = ambiguous();

        assertThat(remembered.apply(QUESTION, answer, RecallResponse.newBuilder().addConsistentCandidateIds("i1").addConsistentCandidateIds("i2")
                .build())).isSameAs(answer);
        assertThat(remembered.apply(QUESTION, answer, recall("i1", "i2"))).isEqualTo(answer);
    }

    @Test
    void aQuestionStatingTheReachTheChosenOneLeftOpenIsNotDecidedByTheChoice() {
        InterpretResponse answer = ambiguous();

        assertThat(remembered.apply("For each hotel, return the rating", answer, recall("i2"))).isSameAs(answer);
        RememberedChoice statedToo = SCORE.toBuilder().setQuestion("For every hotel, give the rating").build();
        RecallResponse stated = RecallResponse.newBuilder().addApplied(AppliedChoice.newBuilder().setChoice(statedToo).addCandidateIds("i2"))
                .addConsistentCandidateIds("i2").build();
        assertThat(remembered.apply("For each hotel, return the rating", answer, stated).getInterpretations(0).getSql()).isEqualTo("score");
    }

    private static RecallResponse recall(String... consistent) {
        return RecallResponse.newBuilder().addApplied(AppliedChoice.newBuilder().setChoice(SCORE).addAllCandidateIds(java.util.List.of(consistent)))
                .addAllConsistentCandidateIds(java.util.List.of(consistent)).build();
    }

    private static InterpretResponse ambiguous() {
        return InterpretResponse.newBuilder()
                .addInterpretations(Interpretation.newBuilder().setId("i1").setSql("stars").setProbability(0.7))
                .addInterpretations(Interpretation.newBuilder().setId("i2").setSql("score").setProbability(0.3))
                .setShownCount(2).setAmbiguityProbability(0.8).setOutcome(Outcome.OUTCOME_AMBIGUOUS)
                .setAmbiguity(AmbiguitySummary.newBuilder().setAmbiguous(true)).build();
    }
}
