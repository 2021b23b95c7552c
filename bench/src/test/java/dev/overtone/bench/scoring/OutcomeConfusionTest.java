package dev.overtone.bench.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The outcome against the label, counted by hand. */
class OutcomeConfusionTest {

    private static OutcomeConfusion.Labelled answered(boolean ambiguous, String outcome) {
        return new OutcomeConfusion.Labelled(ambiguous, outcome, null);
    }

    @Test
    void countsEachOutcomePerLabelAndTheTwoFlaggedRates() {
        OutcomeConfusion c = OutcomeConfusion.of(List.of(
                answered(true, "OUTCOME_AMBIGUOUS"), answered(true, "OUTCOME_AMBIGUOUS"), answered(true, "OUTCOME_ANSWERABLE"),
                answered(true, "OUTCOME_AMBIGUOUS"),
                answered(false, "OUTCOME_ANSWERABLE"), answered(false, "OUTCOME_AMBIGUOUS"),
                answered(false, "OUTCOME_UNANSWERABLE"), answered(false, "OUTCOME_ANSWERABLE"),
                new OutcomeConfusion.Labelled(false, null, "INVALID_ARGUMENT")));

        assertThat(c.counts().keySet()).containsExactly("AMBIGUOUS", "ANSWERABLE", "UNANSWERABLE", "call failed: INVALID_ARGUMENT");
        assertThat(c.counts().get("AMBIGUOUS")).containsExactly(3, 1);
        assertThat(c.counts().get("ANSWERABLE")).containsExactly(1, 2);
        assertThat(c.ambiguousFlagged()).isEqualTo(75.0);
        // the failed call counts in the denominator: a refused question is not a correct "not ambiguous"
        assertThat(c.unambiguousFlagged()).isEqualTo(20.0);
        assertThat(c.lines().get(1)).contains("AMBIGUOUS", "3 (75.0 %)", "1 (20.0 %)");
        assertThat(c.markdown()).contains("| call failed: INVALID_ARGUMENT | 0 (0.0 %) | 1 (20.0 %) |", "| total | 4 | 5 |");
        @SuppressWarnings("unchecked")
        Map<String, Object> rows = (Map<String, Object>) c.toJson().get("rows");
        assertThat(rows).containsKeys("AMBIGUOUS", "UNANSWERABLE");
        assertThat(c.toJson()).containsEntry("ambiguous_flagged", 75.0).containsEntry("unambiguous_flagged", 20.0);
    }

    @Test
    void withoutQuestionsOfALabelItsRateIsNotANumber() {
        OutcomeConfusion c = OutcomeConfusion.of(List.of(answered(true, "OUTCOME_AMBIGUOUS")));
        assertThat(c.unambiguousFlagged()).isNaN();
        assertThat(c.toJson()).containsEntry("unambiguous_flagged", null);
    }
}
