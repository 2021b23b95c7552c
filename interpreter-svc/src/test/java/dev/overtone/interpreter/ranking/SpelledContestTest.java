package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Schema;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.overtone.interpreter.ranking.CommuteReadings.BOTH;
import static dev.overtone.interpreter.ranking.CommuteReadings.MEAN;
import static dev.overtone.interpreter.ranking.CommuteReadings.MEDIAN;
import static dev.overtone.interpreter.ranking.CommuteReadings.NEIGHBORHOOD;
import static dev.overtone.interpreter.ranking.RankingFixtures.projecting;
import static dev.overtone.interpreter.ranking.RankingFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whether the question spells in full every column the readings disagree on that it refers to, on the shape of an
 * Ambrosia* dev schema with two drug measures and a table with a mean and a median of one measure.
 */
class SpelledContestTest {
    private static final Schema SCHEMA = Schema.newBuilder()
            .addTables(NEIGHBORHOOD)
            .addTables(table("Medications", "id", "Name", "Manufacturer", "Side_Effects", "Effectiveness"))
            .build();

    @Test
    void aQuestionSpellingEveryContestedColumnItRefersToSettlesThem() {
        assertThat(SpelledContest.of("List the neighborhoods and their mean and median commute time.", SCHEMA,
                List.of(MEAN, MEDIAN, BOTH))).isEqualTo(1.0);
        // they differ in population too, which no word refers to: it does not count
        assertThat(SpelledContest.of("List the neighborhoods and their mean and median commute time.", SCHEMA,
                List.of(MEAN, Set.of("neighborhood", "name", "population", "median_commute_time")))).isEqualTo(1.0);
    }

    @Test
    void aContestedColumnReferredToButNotSpelledLeavesThemOpen() {
        assertThat(SpelledContest.of("List the neighborhoods and their commute time.", SCHEMA, List.of(MEAN, MEDIAN)))
                .isZero();
        // "mean commute time" spells one, and "commute", "time" still refer to the other
        assertThat(SpelledContest.of("List the neighborhoods and their mean commute time.", SCHEMA, List.of(MEAN, BOTH)))
                .isZero();
        // "effects" refers to Effectiveness by its first letters and does not spell it
        assertThat(SpelledContest.of("List the drugs, their side effects and manufacturers.", SCHEMA,
                List.of(Set.of("medications", "name", "side_effects"), Set.of("medications", "name", "effectiveness"))))
                .isZero();
    }

    @Test
    void withoutAContestedColumnAWordRefersToNothingIsSettled() {
        assertThat(SpelledContest.of("List the neighborhoods.", SCHEMA,
                List.of(Set.of("neighborhood", "name"), Set.of("neighborhood", "name", "population")))).isZero();
        assertThat(SpelledContest.of("List the neighborhoods and their mean commute time.", SCHEMA, List.of(MEAN)))
                .isZero();
    }

    @Test
    void everyReadingCarriesItAsQuestionLevelEvidence() {
        List<EvidenceExtractor.Candidate> readings = List.of(projecting("Neighborhood", "name", "mean_commute_time"),
                projecting("Neighborhood", "name", "median_commute_time"));
        String spelled = "List the neighborhoods and their mean and median commute time.";
        assertThat(EvidenceExtractor.extract(spelled, SCHEMA, QuestionTerms.of(spelled, SCHEMA), readings))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_SPELLED_CONTEST)).isEqualTo(1.0));
        String open = "List the neighborhoods and their commute time.";
        assertThat(EvidenceExtractor.extract(open, SCHEMA, QuestionTerms.of(open, SCHEMA), readings))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_SPELLED_CONTEST)).isZero());
    }
}
