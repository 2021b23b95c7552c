package dev.overtone.interpreter.ranking;

import java.util.EnumMap;
import java.util.Map;

/**
 * The ranking's tuned constants, fitted on half of the Ambrosia* development set by
 * {@code bench/tools/fit_ranker.py} and checked on the other half (see interpreter-svc's README,
 * "Ranking"). Every constant here was tuned on development data.
 */
public final class RankingWeights {

    private RankingWeights() {
    }

    /** Logistic-regression intercept of P(reading is a correct reading). Tuned on dev data. */
    public static final double READING_BIAS = -1.6693;

    /** Logistic-regression weight per feature of P(reading is a correct reading). Tuned on dev data. */
    public static final Map<Feature, Double> READING_WEIGHTS = weights(
            Feature.DEFAULT_SHARE, 1.3690,
            Feature.DEFAULT_SHARE_GAP, 0.3331,
            Feature.INFILL_ONLY, 0.2304,
            Feature.INFILL_MODEL, 0.0000,
            Feature.ROUTES_LOG, 1.7392,
            Feature.EMPTY_RESULT, -3.0645,
            Feature.NULL_RESULT, -1.8364,
            Feature.REPEATED_ROWS, -2.0710,
            Feature.NAME_GROUNDING, -0.2658,
            Feature.NAME_GROUNDING_GAP, 0.7912,
            Feature.TERM_COVERAGE, 0.5694,
            Feature.TERM_COVERAGE_GAP, 3.0728,
            Feature.LITERAL_GROUNDING, 0.4968,
            Feature.NAMES_USED, 0.6336,
            Feature.JOINS, -0.1049,
            Feature.RESULT_COLUMNS, -3.2015,
            Feature.QUESTION_PIVOTS, -0.0009,
            Feature.QUESTION_WORDS, -0.9015,
            Feature.CONDITION_BREADTH, -0.0338,
            Feature.BREADTH_CUE_FIT, 1.1341);

    /**
     * Greedy diversity: a reading's score (log-odds) loses this much times its highest content-word
     * similarity to a reading ranked above it, so each alternative gets represented early. Tuned on dev data.
     */
    public static final double DIVERSITY_PENALTY = 0.00;

    /**
     * Probabilities are sigmoid(penalised score) to this power, normalised: the value that maximises the mean
     * log probability of the readings matching the intended gold, each gold of each example in turn the
     * intent (bench/tools/fit_ranker.py). Tuned on dev data.
     */
    public static final double PROBABILITY_SHARPNESS = 1.5;

    /** Verdict intercept of P(question is ambiguous). Tuned on dev data. */
    public static final double VERDICT_BIAS = -2.4020;
    /** Verdict weight on the second reading's calibrated P(correct). Tuned on dev data. */
    public static final double VERDICT_SECOND_CONFIDENCE = 3.2385;
    /** Verdict weight on the top reading's calibrated P(correct). Tuned on dev data. */
    public static final double VERDICT_TOP_CONFIDENCE = 1.0164;
    /** Verdict weight on the number of distinct results the defaults reached, minus one. Tuned on dev data. */
    public static final double VERDICT_DEFAULT_SPLIT = 0.1118;
    /** Verdict weight on the question's pivot terms (vague or ungrounded words). Tuned on dev data. */
    public static final double VERDICT_PIVOTS = 0.0811;
    /** Verdict weight on ln(number of readings). Tuned on dev data. */
    public static final double VERDICT_READINGS_LOG = 0.9162;
    /** Verdict weight on the question's words / 10. Tuned on dev data. */
    public static final double VERDICT_QUESTION_WORDS = -0.7200;
    /** Verdict weight on the words by which the question states a reach outright ({@link ScopeCues}). Tuned on dev data. */
    public static final double VERDICT_SCOPE_MARKERS = -3.9270;
    /** P(ambiguous) at or above which the outcome is OUTCOME_AMBIGUOUS. Tuned on dev data. */
    public static final double VERDICT_THRESHOLD = 0.3549;

    /** An ambiguous answer shows the readings whose P(correct) reaches this (at least two). Tuned on dev data. */
    public static final double SHOW_MIN_CONFIDENCE = 0.10;
    /** At most this many readings are shown; the rest are alternatives. Tuned on dev data. */
    public static final int MAX_SHOWN = 4;

    private static Map<Feature, Double> weights(Object... pairs) {
        Map<Feature, Double> m = new EnumMap<>(Feature.class);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((Feature) pairs[i], (Double) pairs[i + 1]);
        }
        return Map.copyOf(m);
    }
}
