package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.Source;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.overtone.interpreter.ranking.RankingFixtures.STARS_AND_CITY;
import static dev.overtone.interpreter.ranking.RankingFixtures.STARS_ON_BOTH;
import static dev.overtone.interpreter.ranking.RankingFixtures.STARS_ON_ONE;
import static dev.overtone.interpreter.ranking.RankingFixtures.evidence;
import static dev.overtone.interpreter.ranking.RankingFixtures.executed;
import static dev.overtone.interpreter.ranking.RankingFixtures.model;
import static dev.overtone.interpreter.ranking.RankingFixtures.ratingReadings;
import static dev.overtone.interpreter.ranking.RankingFixtures.reading;
import static dev.overtone.interpreter.ranking.RankingFixtures.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The order, the probabilities and the diversity of the ranking, on the demo hotel schema. */
class ReadingRankerTest {

    @Test
    void agreedReadingFirstEmptyAndNullLastProbabilitiesSortedAndNormalised() {
        RankedAnswer ranked = new ReadingRanker(model(0.0, 1.0, 0.5)).rank(ratingReadings());

        assertThat(ranked.order().get(0)).isEqualTo(2);
        assertThat(ranked.order().subList(2, 4)).containsExactlyInAnyOrder(0, 3);
        assertThat(ranked.probabilities().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
        for (int k = 1; k < ranked.probabilities().size(); k++) {
            assertThat(ranked.probabilities().get(k)).isLessThanOrEqualTo(ranked.probabilities().get(k - 1));
        }
    }

    @Test
    void probabilitiesAreTheSigmoidsRaisedToTheSharpnessAndNormalised() {
        List<ReadingEvidence> e = ratingReadings();
        ReadingRanker flat = new ReadingRanker(model(0.0, 1.0, 0.5));
        ReadingRanker sharp = new ReadingRanker(model(0.0, 2.0, 0.5));

        RankedAnswer a = flat.rank(e);
        RankedAnswer b = sharp.rank(e);

        assertThat(b.order()).isEqualTo(a.order());
        double odds = ReadingRanker.sigmoid(flat.score(e.get(a.order().get(0))))
                / ReadingRanker.sigmoid(flat.score(e.get(a.order().get(1))));
        assertThat(odds).isGreaterThan(1.0);
        // the first reading's probability over the second's is (sigmoid ratio) ^ sharpness
        assertThat(a.probabilities().get(0) / a.probabilities().get(1)).isCloseTo(odds, within(1e-9));
        assertThat(b.probabilities().get(0) / b.probabilities().get(1)).isCloseTo(odds * odds, within(1e-9));
        assertThat(b.probabilities().get(0)).isGreaterThan(a.probabilities().get(0));
        assertThat(b.probabilities().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void probabilitiesStayFiniteForExtremeScores() {
        // every score far in the lower tail (-1500 for the agreed reading, -1750 and -2000 for the others):
        // every sigmoid underflows to 0 in double, so a naive sigmoid ^ sharpness / sum would be 0/0
        ReadingRanker.Model extreme = new ReadingRanker.Model(-2000.0, Map.of(Feature.DEFAULT_SHARE, 1000.0),
                0.0, 3.0, new ReadingRanker.Verdict(-3.0, Map.of(VerdictFeature.SECOND_CONFIDENCE, 6.0), 0.5),
                new ReadingRanker.Cut(0.5, 0.0, 1.0, 4));

        RankedAnswer ranked = new ReadingRanker(extreme).rank(ratingReadings());

        assertThat(ranked.probabilities()).allSatisfy(p -> assertThat(p).isBetween(0.0, 1.0));
        assertThat(ranked.probabilities().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
        assertThat(ranked.order().get(0)).isEqualTo(2);
        assertThat(ranked.probabilities().get(0)).isCloseTo(1.0, within(1e-9));
        assertThat(ReadingRanker.logSigmoid(-1000)).isCloseTo(-1000.0, within(1e-9));
    }

    @Test
    void tunedModelKeepsTheSameInvariants() {
        RankedAnswer ranked = new ReadingRanker(ReadingRanker.Model.tuned()).rank(ratingReadings());

        assertThat(ranked.order()).containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(ranked.order().indexOf(2)).isLessThan(ranked.order().indexOf(0));
        assertThat(ranked.probabilities().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
        for (int k = 1; k < ranked.probabilities().size(); k++) {
            assertThat(ranked.probabilities().get(k)).isLessThanOrEqualTo(ranked.probabilities().get(k - 1));
        }
        assertThat(ranked.shown()).isBetween(1, RankingWeights.MAX_SHOWN);
    }

    @Test
    void diversityPutsTheOtherAlternativeBeforeAVariantOfTheFirst() {
        // stars (two caller routes) and a variant of it (one caller route) outscore the review score (infill)
        List<ReadingEvidence> e = evidence("return the rating of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                reading(STARS_AND_CITY, result("name", "a", "b"), Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_INFILL_STRUCTURAL)));

        // the variant shares most of its parts (slot values) with the stars reading, the score reading few
        assertThat(ReadingEvidence.similarity(e.get(1).parts(), e.get(0).parts()))
                .isGreaterThan(ReadingEvidence.similarity(e.get(2).parts(), e.get(0).parts()));
        assertThat(new ReadingRanker(model(0.0, 1.0, 0.5)).rank(e).order()).containsExactly(0, 1, 2);
        assertThat(new ReadingRanker(model(3.0, 1.0, 0.5)).rank(e).order()).containsExactly(0, 2, 1);
    }

    private static RankedAnswer coordinated(String question) {
        // the same evidence for both readings but their reach: one caller route each
        return new ReadingRanker(ReadingRanker.Model.tuned()).rank(evidence(question, List.of(
                reading(STARS_ON_ONE, result("guest", "Ann", "Bo"), Source.SOURCE_CALLER),
                reading(STARS_ON_BOTH, result("guest", "Ann"), Source.SOURCE_CALLER))));
    }

    @Test
    void theQuestionsOwnWordsForTheReachOfAConditionPickTheReading() {
        assertThat(coordinated("guests of five star hotels and also of hotels in Lyon").order()).startsWith(0);
        assertThat(coordinated("guests of hotels in Lyon and other hotels, both with five stars").order()).startsWith(1);
    }

    @Test
    void aForkInTheReachOfAConditionIsVerdictEvidence() {
        String someParts = "SELECT name FROM hotels WHERE city = 'Lyon' UNION ALL SELECT name FROM hotels WHERE city = 'Porto' AND stars >= 4";
        String everyPart = "SELECT name FROM hotels WHERE (city = 'Lyon' OR city = 'Porto') AND stars >= 4";
        String question = "hotels in Lyon and Porto with four stars or more";
        List<ReadingEvidence> fork = evidence(question, List.of(reading(someParts, result("name", "A", "B"), Source.SOURCE_CALLER),
                reading(everyPart, result("name", "B"), Source.SOURCE_CALLER)));
        // the reach of the star condition on every part against a reading without coordination: no fork
        List<ReadingEvidence> none = evidence(question, List.of(reading(STARS_ON_ONE, result("guest", "Ann"), Source.SOURCE_CALLER),
                reading(everyPart, result("name", "B"), Source.SOURCE_CALLER)));

        assertThat(ReadingRanker.verdictFeatures(fork, List.of(0, 1), List.of(0.5, 0.5), List.of(0.5, 0.5))
                .get(VerdictFeature.BREADTH_FORK)).isEqualTo(1.0);
        assertThat(ReadingRanker.verdictFeatures(none, List.of(0, 1), List.of(0.5, 0.5), List.of(0.5, 0.5))
                .get(VerdictFeature.BREADTH_FORK)).isZero();
    }

    @Test
    void singleReadingIsAnswerableWithProbabilityOne() {
        List<ReadingEvidence> e = evidence("return the stars of each hotel",
                List.of(executed(Hotels.STARS, Source.SOURCE_CALLER)));

        RankedAnswer ranked = new ReadingRanker(ReadingRanker.Model.tuned()).rank(e);

        assertThat(ranked.probabilities()).containsExactly(1.0);
        assertThat(ranked.ambiguous()).isFalse();
        assertThat(ranked.shown()).isEqualTo(1);
    }
}
