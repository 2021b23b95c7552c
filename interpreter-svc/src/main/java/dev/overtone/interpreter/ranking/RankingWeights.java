package dev.overtone.interpreter.ranking;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The ranking's tuned constants, fitted on all of the Ambrosia* development set by
 * {@code bench/tools/fit_ranker.py}, which reports them cross-validated with whole databases held out (see
 * interpreter-svc's README, "Ranking", and bench/README, "Fitting the ranking"). Every constant here was tuned on
 * development data, except {@link #MAX_SHOWN}.
 */
public final class RankingWeights {

    private RankingWeights() {
    }

    /** Logistic-regression intercept of P(reading is a correct reading). Tuned on dev data. */
    public static final double READING_BIAS = -2.5080;

    /** Logistic-regression weight per feature of P(reading is a correct reading). Tuned on dev data. */
    public static final Map<Feature, Double> READING_WEIGHTS = weights(Feature.class,
            Feature.DEFAULT_SHARE, 1.0071,
            Feature.DEFAULT_SHARE_GAP, 0.2762,
            Feature.INFILL_ONLY, 0.0971,
            Feature.INFILL_MODEL, 0.0000,
            Feature.ROUTES_LOG, 2.2471,
            Feature.EMPTY_RESULT, -3.1631,
            Feature.NULL_RESULT, -1.9597,
            Feature.REPEATED_ROWS, -1.7457,
            Feature.NAME_GROUNDING, -0.0238,
            Feature.NAME_GROUNDING_GAP, 0.0361,
            Feature.TERM_COVERAGE, 1.1387,
            Feature.TERM_COVERAGE_GAP, 3.2085,
            Feature.LITERAL_GROUNDING, 0.1618,
            Feature.NAMES_USED, 0.2768,
            Feature.JOINS, -0.1078,
            Feature.RESULT_COLUMNS, -2.2934,
            Feature.RESULT_COLUMNS_OVER_NARROWEST, -2.2897,
            Feature.LABEL_SHOWN, 0.3243,
            Feature.QUESTION_PIVOTS, -0.0511,
            Feature.QUESTION_WORDS, -0.8058,
            Feature.CONDITION_BREADTH, -0.2726,
            Feature.BREADTH_CUE_FIT, 1.3004);

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
    public static final double VERDICT_BIAS = 2.0509;
    /** Verdict weight per {@link VerdictFeature} of P(question is ambiguous). Tuned on dev data. */
    public static final Map<VerdictFeature, Double> VERDICT_WEIGHTS = weights(VerdictFeature.class,
            VerdictFeature.TOP_CONFIDENCE, -0.8444,
            VerdictFeature.SECOND_CONFIDENCE, 1.8288,
            VerdictFeature.DEFAULT_SPLIT, 0.1333,
            VerdictFeature.PIVOTS, -0.0322,
            VerdictFeature.READINGS_LOG, -0.7713,
            VerdictFeature.QUESTION_WORDS, -0.6965,
            VerdictFeature.SCOPE_MARKERS, -3.3593,
            VerdictFeature.TOP_DEFAULT_SHARE, 0.4696,
            VerdictFeature.TOP_PROBABILITY, -1.9666,
            VerdictFeature.TOP_RESULT_OVERLAP, -0.2229,
            VerdictFeature.DECIDING_GROUNDING_GAP, -0.5360,
            VerdictFeature.DECIDING_MEANING_GAP, 0.5516,
            VerdictFeature.LINK_QUANTIFIER, 3.3518,
            VerdictFeature.BREADTH_FORK, 1.8376,
            VerdictFeature.UNSPELLED_SIBLINGS, 1.8707,
            VerdictFeature.TOP_PROJECTION_REFERRED, -0.9029,
            VerdictFeature.SPELLED_CONTEST, -0.3476,
            VerdictFeature.MEANING_SIBLINGS, 0.8864);
    /** P(ambiguous) at or above which the outcome is OUTCOME_AMBIGUOUS. Tuned on dev data. */
    public static final double VERDICT_THRESHOLD = 0.3188;

    /** An ambiguous answer shows the fewest leading readings whose probabilities sum to this (at least two). Tuned on dev data. */
    public static final double SHOW_MASS_AMBIGUOUS = 0.95;
    /** An answerable answer shows the fewest leading readings whose probabilities sum to this (at least one). Tuned on dev data. */
    public static final double SHOW_MASS_ANSWERABLE = 0.40;
    /**
     * From this P(ambiguous) on (and for every AMBIGUOUS answer) the cut shows {@link #SHOW_MASS_AMBIGUOUS}, at least two
     * readings: an ANSWERABLE answer whose verdict is close shows its close alternatives. Tuned on dev data.
     */
    public static final double SHOW_WIDE_THRESHOLD = 0.1500;
    /** At most this many readings are shown; the rest are alternatives. Fixed (the "two to four"), not fitted. */
    public static final int MAX_SHOWN = 4;

    private static <K extends Enum<K>> Map<K, Double> weights(Class<K> keys, Object... pairs) {
        Map<K, Double> m = new EnumMap<>(keys);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(keys.cast(pairs[i]), (Double) pairs[i + 1]);
        }
        // an EnumMap, not Map.copyOf: a score sums the weights in one fixed order, so it is the same to the last bit in every run
        return Collections.unmodifiableMap(m);
    }
}
