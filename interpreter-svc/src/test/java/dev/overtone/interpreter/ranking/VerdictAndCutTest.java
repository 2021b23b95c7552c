package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.Source;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.overtone.interpreter.ranking.RankingFixtures.evidence;
import static dev.overtone.interpreter.ranking.RankingFixtures.executed;
import static dev.overtone.interpreter.ranking.RankingFixtures.model;
import static dev.overtone.interpreter.ranking.RankingFixtures.ratingReadings;
import static dev.overtone.interpreter.ranking.RankingFixtures.withCut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The ambiguity verdict and the compact cut of the ranked readings. */
class VerdictAndCutTest {

    @Test
    void clearQuestionShowsOneReadingAndKeepsTheRestAsAlternatives() {
        List<ReadingEvidence> e = evidence("return the stars of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER, Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_INFILL_STRUCTURAL),
                executed(Hotels.NAMES, Source.SOURCE_INFILL_STRUCTURAL)));

        RankedAnswer ranked = new ReadingRanker(model(0.0, 1.0, 0.5)).rank(e);

        assertThat(ranked.ambiguous()).isFalse();
        assertThat(ranked.ambiguityProbability()).isLessThan(0.5);
        assertThat(ranked.shown()).isEqualTo(1);
        assertThat(ranked.order()).hasSize(3);
    }

    @Test
    void splitDefaultsMakeAnAmbiguousVerdictShowingTheConfidentReadings() {
        List<ReadingEvidence> e = evidence("return the rating of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                executed(Hotels.NAMES, Source.SOURCE_INFILL_STRUCTURAL)));

        RankedAnswer ranked = new ReadingRanker(model(0.0, 1.0, 0.5)).rank(e);

        assertThat(ranked.ambiguous()).isTrue();
        assertThat(ranked.shown()).isEqualTo(2);
        assertThat(ranked.order().subList(0, 2)).containsExactlyInAnyOrder(0, 1);
        // a higher verdict threshold turns the same evidence into one answer
        assertThat(new ReadingRanker(model(0.0, 1.0, 0.999)).rank(e).shown()).isEqualTo(1);
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

    @Test
    void theVerdictWeighsWhatTheQuestionPointsAtByMeaning() {
        Map<String, Double> fits = Map.of("stars", 0.9, "score", 0.4);
        List<ReadingEvidence> e = evidence("return the rating of each hotel", List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_CALLER)), name -> fits.getOrDefault(name, 0.0));
        ReadingRanker.Model base = model(0.0, 1.0, 0.5);
        RankedAnswer weighed = new ReadingRanker(withCut(base,
                new ReadingRanker.Verdict(0.0, Map.of(VerdictFeature.DECIDING_MEANING_GAP, 2.0), 0.5), base.cut())).rank(e);

        double first = e.get(weighed.order().get(0)).get(Feature.DISTINCT_NAME_MEANING);
        double second = e.get(weighed.order().get(1)).get(Feature.DISTINCT_NAME_MEANING);
        assertThat(Math.abs(first - second)).isCloseTo(0.5, within(1e-12));
        assertThat(weighed.ambiguityProbability()).isCloseTo(ReadingRanker.sigmoid(2.0 * (first - second)), within(1e-12));
    }

    @Test
    void aQuestionThatStatesTheReachIsLessLikelyAmbiguous() {
        // the same readings, none coordinated, and questions of the same length: only the stated reach differs
        List<EvidenceExtractor.Candidate> readings = List.of(
                executed(Hotels.STARS, Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_CALLER));
        ReadingRanker ranker = new ReadingRanker(ReadingRanker.Model.tuned());

        double unstated = ranker.rank(evidence("return the rating of each hotel here", readings)).ambiguityProbability();
        double stated = ranker.rank(evidence("return the rating of each hotel separately", readings)).ambiguityProbability();

        assertThat(stated).isLessThan(unstated);
    }
}
