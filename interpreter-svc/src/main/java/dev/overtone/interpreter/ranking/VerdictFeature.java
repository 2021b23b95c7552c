package dev.overtone.interpreter.ranking;

/**
 * What the verdict weighs for one question, read off its ranked readings and their {@link Feature}s. The wire name
 * is the one the offline fitting tool ({@code bench/tools/fit_ranker.py}) prints its weights under.
 */
public enum VerdictFeature {
    /** The first reading's calibrated P(correct). */
    TOP_CONFIDENCE("top_confidence"),
    /** The second reading's calibrated P(correct): a second reading that is as likely right is an alternative. */
    SECOND_CONFIDENCE("second_confidence"),
    /** Distinct results the defaults reached, minus one. */
    DEFAULT_SPLIT("default_split"),
    /** The question's pivot terms (vague or ungrounded words). */
    PIVOTS("pivots"),
    /** ln(number of readings). */
    READINGS_LOG("readings_log"),
    /** The question's words / 10. */
    QUESTION_WORDS("question_words"),
    /** The words by which the question states a reach outright ({@link ScopeCues}). */
    SCOPE_MARKERS("scope_markers"),
    /** The share of the default routes that reached the first reading: 1 when every default agrees on it. */
    TOP_DEFAULT_SHARE("top_default_share"),
    /** The first reading's probability of being the one meant: where the mass is. */
    TOP_PROBABILITY("top_probability"),
    /** How much of its result the first reading shares with another reading ({@link Feature#RESULT_OVERLAP}). */
    TOP_RESULT_OVERLAP("top_result_overlap"),
    /**
     * The first reading's {@link Feature#DISTINCT_NAME_GROUNDING} minus the second's: positive when the question names
     * what only the first reading uses, so the question itself decides between them.
     */
    DECIDING_GROUNDING_GAP("deciding_grounding_gap");

    private final String wireName;

    VerdictFeature(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
