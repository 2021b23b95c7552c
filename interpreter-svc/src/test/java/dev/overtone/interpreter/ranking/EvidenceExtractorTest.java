package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.Source;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.overtone.interpreter.ranking.RankingFixtures.GUESTS;
import static dev.overtone.interpreter.ranking.RankingFixtures.STARS_AND_CITY;
import static dev.overtone.interpreter.ranking.RankingFixtures.evidence;
import static dev.overtone.interpreter.ranking.RankingFixtures.executed;
import static dev.overtone.interpreter.ranking.RankingFixtures.oneRowOf;
import static dev.overtone.interpreter.ranking.RankingFixtures.ratingReadings;
import static dev.overtone.interpreter.ranking.RankingFixtures.reading;
import static dev.overtone.interpreter.ranking.RankingFixtures.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The evidence of each reading, read from its routes, its result and parser-svc's analysis of its SQL. */
class EvidenceExtractorTest {

    @Test
    void evidenceNamesAgreementExecutionAndGrounding() {
        List<ReadingEvidence> e = ratingReadings();

        assertThat(e.get(2).get(Feature.DEFAULT_SHARE)).isCloseTo(0.5, within(1e-9));
        assertThat(e.get(1).get(Feature.DEFAULT_SHARE)).isZero();
        assertThat(e.get(1).get(Feature.INFILL_ONLY)).isEqualTo(1.0);
        assertThat(e.get(0).get(Feature.EMPTY_RESULT)).isEqualTo(1.0);
        assertThat(e.get(3).get(Feature.NULL_RESULT)).isEqualTo(1.0);
        assertThat(e.get(2).get(Feature.NULL_RESULT)).isZero();
        // "hotels" is in the question, "name" and "stars" are not: one of three names grounded
        assertThat(e.get(2).get(Feature.NAME_GROUNDING)).isCloseTo(1.0 / 3, within(1e-9));
        // 'Nobody' is not in the question
        assertThat(e.get(0).get(Feature.LITERAL_GROUNDING)).isZero();
        assertThat(e.get(1).get(Feature.JOINS)).isEqualTo(1.0);
        // "rating" is a vague measure word of this schema: one pivot, the same for every reading
        assertThat(e).allSatisfy(r -> assertThat(r.get(Feature.QUESTION_PIVOTS)).isEqualTo(1.0));
    }

    @Test
    void aReadingNothingAnalysedHasNoNamesLiteralsOrJoinsButKeepsItsAgreementAndExecutionEvidence() {
        EvidenceExtractor.Candidate analysed = executed(Hotels.SCORE, Source.SOURCE_CALLER);
        EvidenceExtractor.Candidate unanalysed = new EvidenceExtractor.Candidate(analysed.routeSources(), analysed.result(), null);

        ReadingEvidence with = evidence("the review score of each hotel", List.of(analysed)).get(0);
        ReadingEvidence without = evidence("the review score of each hotel", List.of(unanalysed)).get(0);

        assertThat(with.get(Feature.NAME_GROUNDING)).isGreaterThan(0.0);
        assertThat(with.get(Feature.JOINS)).isEqualTo(1.0);
        assertThat(without.get(Feature.NAME_GROUNDING)).isZero();
        assertThat(without.get(Feature.NAMES_USED)).isZero();
        assertThat(without.get(Feature.TERM_COVERAGE)).isZero();
        assertThat(without.get(Feature.JOINS)).isZero();
        assertThat(without.get(Feature.LITERAL_GROUNDING)).isEqualTo(1.0);
        assertThat(without.get(Feature.CONDITION_BREADTH)).isZero();
        assertThat(without.parts()).isEmpty();
        assertThat(without.get(Feature.DEFAULT_SHARE)).isEqualTo(with.get(Feature.DEFAULT_SHARE)).isEqualTo(1.0);
        assertThat(without.get(Feature.RESULT_COLUMNS)).isEqualTo(with.get(Feature.RESULT_COLUMNS));
    }

    @Test
    void evidenceSaysWhetherTheRowsAreShownByWhatNamesThemAndHowMuchWiderThanThePlainestReadingIs() {
        List<ReadingEvidence> e = evidence("list the hotels in Lyon", List.of(
                executed(Hotels.NAMES, Source.SOURCE_CALLER),
                reading(STARS_AND_CITY, oneRowOf("hotel_name", "stars", "city"), Source.SOURCE_CALLER),
                reading("SELECT stars FROM hotels", result("stars", "5"), Source.SOURCE_CALLER),
                reading("SELECT title FROM hotels", result("JobTitle", "x"), Source.SOURCE_CALLER)));

        assertThat(e).extracting(r -> r.get(Feature.LABEL_SHOWN)).containsExactly(1.0, 1.0, 0.0, 1.0);
        assertThat(e.get(1).get(Feature.RESULT_COLUMNS_OVER_NARROWEST)).isCloseTo(2 / 5.0, within(1e-9));
        assertThat(e).element(0).extracting(r -> r.get(Feature.RESULT_COLUMNS_OVER_NARROWEST)).isEqualTo(0.0);
        assertThat(e).element(3).extracting(r -> r.get(Feature.RESULT_COLUMNS_OVER_NARROWEST)).isEqualTo(0.0);
    }

    @Test
    void evidenceSaysWhatTheResultsShareAndWhetherTheQuestionNamesWhatSetsAReadingApart() {
        List<ReadingEvidence> e = evidence("return the stars of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER),
                executed(Hotels.NAMES, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_INFILL_STRUCTURAL),
                reading(GUESTS, result("guest"), Source.SOURCE_CALLER)));

        // the names are in every non-empty result: the plain listing shares all its values with the stars reading
        double namesOverlap = e.get(1).get(Feature.RESULT_OVERLAP);
        assertThat(namesOverlap).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
        assertThat(e.get(0).get(Feature.RESULT_OVERLAP)).isGreaterThan(0.0);
        // an empty result shares nothing with anyone
        assertThat(e.get(3).get(Feature.RESULT_OVERLAP)).isZero();

        List<ReadingEvidence> three = evidence("return the stars of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER),
                executed(Hotels.NAMES, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_INFILL_STRUCTURAL)));
        // every reading uses hotels and name; what only the stars reading uses ("stars") the question names, of
        // what only the score reading uses (reviews, score, its join's keys) at most the hotel_id's "hotel"
        assertThat(three.get(0).get(Feature.DISTINCT_NAME_GROUNDING)).isEqualTo(1.0);
        assertThat(three.get(2).get(Feature.DISTINCT_NAME_GROUNDING)).isLessThan(0.5);
        // the plain listing uses nothing the others do not
        assertThat(three.get(1).get(Feature.DISTINCT_NAME_GROUNDING)).isZero();
    }

    @Test
    void theMeaningOfWhatSetsAReadingApartIsTheBestFitOfItsOwnNames() {
        Map<String, Double> fits = Map.of("stars", 0.9, "reviews", 0.2, "score", 0.6, "name", 1.0, "hotels", 1.0);
        List<ReadingEvidence> e = evidence("return the rating of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER),
                executed(Hotels.NAMES, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_INFILL_STRUCTURAL)), name -> fits.getOrDefault(name, 0.0));

        // hotels and name are used by every reading and weigh nothing; of its own names each reading's best counts
        assertThat(e.get(0).get(Feature.DISTINCT_NAME_MEANING)).isEqualTo(0.9);
        assertThat(e.get(2).get(Feature.DISTINCT_NAME_MEANING)).isEqualTo(0.6);
        assertThat(e.get(1).get(Feature.DISTINCT_NAME_MEANING)).isZero();
        // without the model nothing fits
        assertThat(evidence("return the rating of each hotel", List.of(executed(Hotels.STARS, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_CALLER)))).allSatisfy(r -> assertThat(r.get(Feature.DISTINCT_NAME_MEANING)).isZero());
    }

    @Test
    void conditionBreadthAndTheQuestionsCueAreReadTogether() {
        List<EvidenceExtractor.Candidate> readings = List.of(
                reading(RankingFixtures.STARS_ON_ONE, result("guest", "Ann", "Bo"), Source.SOURCE_CALLER),
                reading(RankingFixtures.STARS_ON_BOTH, result("guest", "Ann"), Source.SOURCE_CALLER));

        List<ReadingEvidence> also = evidence("guests of five star hotels and also of hotels in Lyon", readings);
        List<ReadingEvidence> both = evidence("guests of hotels in Lyon and other hotels, both with five stars", readings);

        // the star condition in both branches reaches every part; one condition a branch tells nothing
        assertThat(also).extracting(r -> r.get(Feature.CONDITION_BREADTH)).containsExactly(0.0, 1.0);
        // "and also" opens a new part, "both" carries the condition over: against and with the wide reading
        assertThat(also.get(1).get(Feature.BREADTH_CUE_FIT)).isEqualTo(-1.0);
        assertThat(both.get(1).get(Feature.BREADTH_CUE_FIT)).isEqualTo(1.0);
    }
}
