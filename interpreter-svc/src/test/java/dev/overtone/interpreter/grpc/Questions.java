package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.ranking.RankingWeights;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.RememberedChoice;

import static org.assertj.core.api.Assertions.assertThat;

/** The question the interpreter tests ask of the demo hotels, and what every answer to it must hold. */
final class Questions {
    static final String RATING = "return the rating of each hotel";

    /** The choice the memory tests remember: "rating" read as reviews.score in demo/hotels, with no expiry. */
    static final RememberedChoice SCORE_IN_HOTELS = RememberedChoice.newBuilder().setId("c-1").setTenant("demo")
            .setDatabase("hotels").setClause("select").setPivotTerm("rating").setChosenValue("reviews.score")
            .addRejectedValues("hotels.stars").setChosenLabel("review score").setQuestion(RATING)
            .setChosenAt("2026-11-20T10:00:00Z").setExplanation("'rating' read as reviews.score: chosen in this database on 2026-11-20")
            .build();

    private Questions() {
    }

    /** "Return the rating of each hotel" on demo/hotels, with these caller SQLs as defaults. */
    static InterpretRequest.Builder rating(String... sql) {
        InterpretRequest.Builder b = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(RATING);
        for (String s : sql) {
            b.addDefaults(CallerDefault.newBuilder().setSql(s));
        }
        return b;
    }

    /**
     * AMBIGUOUS exactly when P(ambiguous) reaches the threshold, and then at least two readings shown (an answerable
     * one may show its close alternatives too); the ambiguity summary agrees with the outcome.
     */
    static void assertVerdictAndCutAgree(InterpretResponse answer) {
        boolean flagged = answer.getAmbiguityProbability() >= RankingWeights.VERDICT_THRESHOLD;
        assertThat(answer.getOutcome()).isEqualTo(flagged ? Outcome.OUTCOME_AMBIGUOUS : Outcome.OUTCOME_ANSWERABLE);
        if (flagged) {
            assertThat(answer.getShownCount()).isGreaterThanOrEqualTo(2);
        }
        assertThat(answer.getAmbiguity().getAmbiguous()).isEqualTo(answer.getOutcome() == Outcome.OUTCOME_AMBIGUOUS);
    }
}
