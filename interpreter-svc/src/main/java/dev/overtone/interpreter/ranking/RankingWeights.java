package dev.overtone.interpreter.ranking;

import java.util.Collections;
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
    public static final double READING_BIAS = -2.1331;

    /** Logistic-regression weight per feature of P(reading is a correct reading). Tuned on dev data. */
    public static final Map<Feature, Double> READING_WEIGHTS = weights(
            Feature.DEFAULT_SHARE, 1.3239,
            Feature.DEFAULT_SHARE_GAP, 0.3953,
            Feature.INFILL_ONLY, 0.2525,
            Feature.INFILL_MODEL, 0.0000,
            Feature.ROUTES_LOG, 1.6322,
            Feature.EMPTY_RESULT, -3.1376,
            Feature.NULL_RESULT, -1.5296,
            Feature.REPEATED_ROWS, -2.1048,
            Feature.NAME_GROUNDING, -0.2323,
            Feature.NAME_GROUNDING_GAP, 0.6533,
            Feature.TERM_COVERAGE, 0.8580,
            Feature.TERM_COVERAGE_GAP, 2.9787,
            Feature.LITERAL_GROUNDING, 0.3442,
            Feature.NAMES_USED, 0.7405,
            Feature.JOINS, -0.1494,
            Feature.RESULT_COLUMNS, -2.0991,
            Feature.RESULT_COLUMNS_OVER_NARROWEST, -2.2557,
            Feature.LABEL_SHOWN, 0.6519,
            Feature.QUESTION_PIVOTS, -0.0161,
            Feature.QUESTION_WORDS, -1.0261,
            Feature.CONDITION_BREADTH, -0.0454,
            Feature.BREADTH_CUE_FIT, 1.4257);

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
    public static final double PROBABILITY_SHARPNESS = 1.50;

    /** Verdict intercept of P(question is ambiguous). Tuned on dev data. */
    public static final double VERDICT_BIAS = -2.2544;
    /** Verdict weight on the second reading's calibrated P(correct). Tuned on dev data. */
    public static final double VERDICT_SECOND_CONFIDENCE = 3.8606;
    /** Verdict weight on the top reading's calibrated P(correct). Tuned on dev data. */
    public static final double VERDICT_TOP_CONFIDENCE = 0.5481;
    /** Verdict weight on the number of distinct results the defaults reached, minus one. Tuned on dev data. */
    public static final double VERDICT_DEFAULT_SPLIT = 0.0758;
    /** Verdict weight on the question's pivot terms (vague or ungrounded words). Tuned on dev data. */
    public static final double VERDICT_PIVOTS = 0.1120;
    /** Verdict weight on ln(number of readings). Tuned on dev data. */
    public static final double VERDICT_READINGS_LOG = 0.8997;
    /** Verdict weight on the question's words / 10. Tuned on dev data. */
    public static final double VERDICT_QUESTION_WORDS = -0.7543;
    /** Verdict weight on the words by which the question states a reach outright ({@link ScopeCues}). Tuned on dev data. */
    public static final double VERDICT_SCOPE_MARKERS = -3.9898;
    /** P(ambiguous) at or above which the outcome is OUTCOME_AMBIGUOUS. Tuned on dev data. */
    public static final double VERDICT_THRESHOLD = 0.3524;

    /** An ambiguous answer shows the readings whose P(correct) reaches this (at least two). Tuned on dev data. */
    public static final double SHOW_MIN_CONFIDENCE = 0.15;
    /** At most this many readings are shown; the rest are alternatives. Tuned on dev data. */
    public static final int MAX_SHOWN = 4;

    private static Map<Feature, Double> weights(Object... pairs) {
        Map<Feature, Double> m = new EnumMap<>(Feature.class);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((Feature) pairs[i], (Double) pairs[i + 1]);
        }
        // an EnumMap, not Map.copyOf: a score sums the weights in one fixed order, so it is the same to the last bit in every run
        return Collections.unmodifiableMap(m);
    }
}
