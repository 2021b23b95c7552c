package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.ValueType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The ranker and its evidence on the demo hotel schema, with results shaped as executor-svc returns them. */
class ReadingRankerTest {
    private static final Schema SCHEMA = Hotels.schema("demo", "hotels");
    private static final String STARS_AND_CITY = "SELECT name, stars, city FROM hotels";
    private static final String GUESTS = "SELECT guest FROM reviews WHERE guest = 'Nobody'";
    private static final String NULLS = "SELECT NULL FROM hotels";

    /** A model whose only evidence is agreement among defaults and the empty/NULL result flags. */
    private static ReadingRanker.Model model(double diversityPenalty, double threshold) {
        return model(diversityPenalty, 1.0, threshold);
    }

    private static ReadingRanker.Model model(double diversityPenalty, double sharpness, double threshold) {
        return new ReadingRanker.Model(-1.0, Map.of(Feature.DEFAULT_SHARE, 4.0, Feature.EMPTY_RESULT, -3.0,
                Feature.NULL_RESULT, -3.0, Feature.NAME_GROUNDING, 1.0), diversityPenalty, sharpness,
                new ReadingRanker.Verdict(-3.0, Map.of(VerdictFeature.SECOND_CONFIDENCE, 6.0), threshold),
                new ReadingRanker.Cut(0.5, 0.0, 1.0, 4));
    }

    private static ExecuteResponse result(String column, String... cells) {
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder().addColumns(ResultColumn.newBuilder().setName(column));
        for (String c : cells) {
            b.addRows(Row.newBuilder().addCells(c == null ? Cell.newBuilder().setType(ValueType.VALUE_TYPE_NULL)
                    : Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(c)));
        }
        return b.setEmpty(cells.length == 0).build();
    }

    private static EvidenceExtractor.Candidate reading(String sql, ExecuteResponse result, Source... routes) {
        return new EvidenceExtractor.Candidate(sql, List.of(routes), result);
    }

    private static List<ReadingEvidence> ratingReadings() {
        return evidence("return the rating of each hotel", List.of(
                reading(GUESTS, result("guest"), Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_INFILL_STRUCTURAL),
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                reading(NULLS, result("x", null, null, null), Source.SOURCE_CALLER)));
    }

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
    void evidenceSaysWhetherTheRowsAreShownByWhatNamesThemAndHowMuchWiderThanThePlainestReadingIs() {
        List<ReadingEvidence> e = evidence("list the hotels in Lyon", List.of(
                reading(Hotels.NAMES, Hotels.execute(Hotels.NAMES), Source.SOURCE_CALLER),
                reading(STARS_AND_CITY, oneRowOf("hotel_name", "stars", "city"), Source.SOURCE_CALLER),
                reading("SELECT stars FROM hotels", result("stars", "5"), Source.SOURCE_CALLER),
                reading("SELECT title FROM hotels", result("JobTitle", "x"), Source.SOURCE_CALLER)));

        assertThat(e).extracting(r -> r.get(Feature.LABEL_SHOWN)).containsExactly(1.0, 1.0, 0.0, 1.0);
        assertThat(e.get(1).get(Feature.RESULT_COLUMNS_OVER_NARROWEST)).isCloseTo(2 / 5.0, within(1e-9));
        assertThat(e).element(0).extracting(r -> r.get(Feature.RESULT_COLUMNS_OVER_NARROWEST)).isEqualTo(0.0);
        assertThat(e).element(3).extracting(r -> r.get(Feature.RESULT_COLUMNS_OVER_NARROWEST)).isEqualTo(0.0);
    }

    /** One row of text cells under the given column names. */
    private static ExecuteResponse oneRowOf(String... columns) {
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder();
        Row.Builder row = Row.newBuilder();
        for (String c : columns) {
            b.addColumns(ResultColumn.newBuilder().setName(c));
            row.addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText("v"));
        }
        return b.addRows(row).build();
    }

    @Test
    void agreedReadingFirstEmptyAndNullLastProbabilitiesSortedAndNormalised() {
        RankedAnswer ranked = new ReadingRanker(model(0.0, 0.5)).rank(ratingReadings());

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
        List<EvidenceExtractor.Candidate> readings = List.of(
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                reading(STARS_AND_CITY, result("name", "a", "b"), Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_INFILL_STRUCTURAL));
        List<ReadingEvidence> e = evidence("return the rating of each hotel", readings);

        assertThat(new ReadingRanker(model(0.0, 0.5)).rank(e).order()).containsExactly(0, 1, 2);
        assertThat(new ReadingRanker(model(3.0, 0.5)).rank(e).order()).containsExactly(0, 2, 1);
    }

    @Test
    void clearQuestionShowsOneReadingAndKeepsTheRestAsAlternatives() {
        List<ReadingEvidence> e = evidence("return the stars of each hotel", List.of(
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER, Source.SOURCE_CALLER,
                        Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_INFILL_STRUCTURAL),
                reading(Hotels.NAMES, Hotels.execute(Hotels.NAMES), Source.SOURCE_INFILL_STRUCTURAL)));

        RankedAnswer ranked = new ReadingRanker(model(0.0, 0.5)).rank(e);

        assertThat(ranked.ambiguous()).isFalse();
        assertThat(ranked.ambiguityProbability()).isLessThan(0.5);
        assertThat(ranked.shown()).isEqualTo(1);
        assertThat(ranked.order()).hasSize(3);
    }

    @Test
    void splitDefaultsMakeAnAmbiguousVerdictShowingTheConfidentReadings() {
        List<EvidenceExtractor.Candidate> readings = new ArrayList<>(List.of(
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                reading(Hotels.NAMES, Hotels.execute(Hotels.NAMES), Source.SOURCE_INFILL_STRUCTURAL)));
        List<ReadingEvidence> e = evidence("return the rating of each hotel", readings);

        RankedAnswer ranked = new ReadingRanker(model(0.0, 0.5)).rank(e);

        assertThat(ranked.ambiguous()).isTrue();
        assertThat(ranked.shown()).isEqualTo(2);
        assertThat(ranked.order().subList(0, 2)).containsExactlyInAnyOrder(0, 1);
        // a higher verdict threshold turns the same evidence into one answer
        assertThat(new ReadingRanker(model(0.0, 0.999)).rank(e).shown()).isEqualTo(1);
    }

    @Test
    void evidenceSaysWhatTheResultsShareAndWhetherTheQuestionNamesWhatSetsAReadingApart() {
        List<ReadingEvidence> e = evidence("return the stars of each hotel", List.of(
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER),
                reading(Hotels.NAMES, Hotels.execute(Hotels.NAMES), Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_INFILL_STRUCTURAL),
                reading(GUESTS, result("guest"), Source.SOURCE_CALLER)));

        // the names are in every non-empty result: the plain listing shares all its values with the stars reading
        double namesOverlap = e.get(1).get(Feature.RESULT_OVERLAP);
        assertThat(namesOverlap).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
        assertThat(e.get(0).get(Feature.RESULT_OVERLAP)).isGreaterThan(0.0);
        // an empty result shares nothing with anyone
        assertThat(e.get(3).get(Feature.RESULT_OVERLAP)).isZero();

        List<ReadingEvidence> three = evidence("return the stars of each hotel", List.of(
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER),
                reading(Hotels.NAMES, Hotels.execute(Hotels.NAMES), Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_INFILL_STRUCTURAL)));
        // every reading uses hotels and name; what only the stars reading uses ("stars") the question names, of
        // what only the score reading uses (reviews, score, its join's keys) at most the hotel_id's "hotel"
        assertThat(three.get(0).get(Feature.DISTINCT_NAME_GROUNDING)).isEqualTo(1.0);
        assertThat(three.get(2).get(Feature.DISTINCT_NAME_GROUNDING)).isLessThan(0.5);
        // the plain listing uses nothing the others do not
        assertThat(three.get(1).get(Feature.DISTINCT_NAME_GROUNDING)).isZero();
    }

    @Test
    void theCutShowsTheFewestReadingsThatHoldTheMass() {
        List<ReadingEvidence> e = ratingReadings();
        // a verdict that never says ambiguous, so the answerable mass decides
        ReadingRanker.Verdict never = new ReadingRanker.Verdict(-50.0, Map.of(), 0.5);
        ReadingRanker.Model base = model(0.0, 1.0, 0.5);
        RankedAnswer one = new ReadingRanker(withCut(base, never, new ReadingRanker.Cut(0.9, 0.0, 1.0, 4))).rank(e);
        assertThat(one.shown()).isEqualTo(1);

        double first = one.probabilities().get(0);
        double firstTwo = first + one.probabilities().get(1);
        assertThat(first).isLessThan(0.99);
        // a mass just above the first reading's probability needs the second; one above the first two's, the third
        assertThat(new ReadingRanker(withCut(base, never, new ReadingRanker.Cut(0.9, first + 1e-6, 1.0, 4))).rank(e).shown()).isEqualTo(2);
        assertThat(new ReadingRanker(withCut(base, never, new ReadingRanker.Cut(0.9, firstTwo + 1e-6, 1.0, 4))).rank(e).shown()).isEqualTo(3);
        // never more than the cut's maximum
        assertThat(new ReadingRanker(withCut(base, never, new ReadingRanker.Cut(0.9, 1.0, 1.0, 2))).rank(e).shown()).isEqualTo(2);

        // an ambiguous verdict shows at least two, however much the first holds
        ReadingRanker.Verdict always = new ReadingRanker.Verdict(50.0, Map.of(), 0.5);
        RankedAnswer ambiguous = new ReadingRanker(withCut(base, always, new ReadingRanker.Cut(0.0, 0.0, 1.0, 4))).rank(e);
        assertThat(ambiguous.ambiguous()).isTrue();
        assertThat(ambiguous.shown()).isEqualTo(2);

        // a close verdict (P(ambiguous) 0.5, below the threshold 0.9) past the wide threshold: answerable, alternatives shown
        ReadingRanker.Verdict close = new ReadingRanker.Verdict(0.0, Map.of(), 0.9);
        RankedAnswer answerable = new ReadingRanker(withCut(base, close, new ReadingRanker.Cut(0.0, 0.0, 0.4, 4))).rank(e);
        assertThat(answerable.ambiguous()).isFalse();
        assertThat(answerable.shown()).isEqualTo(2);
        assertThat(new ReadingRanker(withCut(base, close, new ReadingRanker.Cut(0.0, 0.0, 0.6, 4))).rank(e).shown()).isEqualTo(1);
    }

    @Test
    void theVerdictWeighsWhereTheMassIs() {
        List<ReadingEvidence> e = ratingReadings();
        ReadingRanker.Model base = model(0.0, 1.0, 0.5);
        RankedAnswer plain = new ReadingRanker(withCut(base, new ReadingRanker.Verdict(0.0, Map.of(), 0.5), base.cut())).rank(e);
        RankedAnswer weighed = new ReadingRanker(withCut(base,
                new ReadingRanker.Verdict(0.0, Map.of(VerdictFeature.TOP_PROBABILITY, -2.0), 0.5), base.cut())).rank(e);

        assertThat(plain.ambiguityProbability()).isCloseTo(0.5, within(1e-12));
        assertThat(weighed.ambiguityProbability())
                .isCloseTo(ReadingRanker.sigmoid(-2.0 * weighed.probabilities().get(0)), within(1e-12));
    }

    private static ReadingRanker.Model withCut(ReadingRanker.Model m, ReadingRanker.Verdict verdict, ReadingRanker.Cut cut) {
        return new ReadingRanker.Model(m.readingBias(), m.readingWeights(), m.diversityPenalty(), m.probabilitySharpness(),
                verdict, cut);
    }

    /** Guests of five-star hotels and of hotels in Lyon: the star condition on every branch, or on the first only. */
    private static final String STARS_ON_BOTH = "SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.stars = 5"
            + " UNION SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.city = 'Lyon' AND hotels.stars = 5";
    private static final String STARS_ON_ONE = "SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.stars = 5"
            + " UNION SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.city = 'Lyon'";

    private static RankedAnswer coordinated(String question) {
        // the same evidence for both readings but their reach: one caller route each, same rows
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
    void aQuestionThatStatesTheReachIsLessLikelyAmbiguous() {
        // the same readings, none coordinated, and questions of the same length: only the stated reach differs
        List<EvidenceExtractor.Candidate> readings = List.of(
                reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER),
                reading(Hotels.SCORE, Hotels.execute(Hotels.SCORE), Source.SOURCE_CALLER));
        ReadingRanker ranker = new ReadingRanker(ReadingRanker.Model.tuned());

        double unstated = ranker.rank(evidence("return the rating of each hotel here", readings))
                .ambiguityProbability();
        double stated = ranker.rank(evidence("return the rating of each hotel separately", readings))
                .ambiguityProbability();

        assertThat(stated).isLessThan(unstated);
    }

    @Test
    void singleReadingIsAnswerableWithProbabilityOne() {
        List<ReadingEvidence> e = evidence("return the stars of each hotel",
                List.of(reading(Hotels.STARS, Hotels.execute(Hotels.STARS), Source.SOURCE_CALLER)));

        RankedAnswer ranked = new ReadingRanker(ReadingRanker.Model.tuned()).rank(e);

        assertThat(ranked.probabilities()).containsExactly(1.0);
        assertThat(ranked.ambiguous()).isFalse();
        assertThat(ranked.shown()).isEqualTo(1);
    }

    @Test
    void sqlShapeReadsNamesLiteralsAndJoins() {
        SqlShape s = SqlShape.of("SELECT h.name FROM \"hotels\" h JOIN reviews r ON r.hotel_id = h.id WHERE r.guest = 'O''Hara'");

        assertThat(s.quoted()).containsExactly("hotels", "O'Hara");
        assertThat(s.joins()).isEqualTo(1);
        assertThat(s.contentWords()).contains("hotels", "reviews", "hotel_id", "guest", "o'hara").doesNotContain("select", "join");
        assertThat(SqlShape.similarity(s.contentWords(), s.contentWords())).isEqualTo(1.0);
    }
    /** The evidence as the pipeline extracts it, with the question's terms read from the same schema. */
    private static List<ReadingEvidence> evidence(String question, List<EvidenceExtractor.Candidate> readings) {
        return EvidenceExtractor.extract(question, SCHEMA, QuestionTerms.of(question, SCHEMA), readings);
    }
}
