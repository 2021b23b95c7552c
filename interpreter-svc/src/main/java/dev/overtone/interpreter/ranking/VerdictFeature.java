package dev.overtone.interpreter.ranking;

/**
 * What the verdict weighs for one question, read off its ranked readings and their {@link Feature}s. The wire name
 * is the one the offline fitting tool ({@code bench/tools/fit_ranker.py}) prints its weights under.
 */
public enum VerdictFeature implements WireName {
    /** The first reading's calibrated P(correct). */
    TOP_CONFIDENCE,
    /** The second reading's calibrated P(correct): a second reading that is as likely right is an alternative. */
    SECOND_CONFIDENCE,
    /** Distinct results the defaults reached, minus one. */
    DEFAULT_SPLIT,
    /** The question's pivot terms (vague or ungrounded words). */
    PIVOTS,
    /** ln(number of readings). */
    READINGS_LOG,
    /** The question's words / 10. */
    QUESTION_WORDS,
    /** The words by which the question states a reach outright ({@link ScopeCues}). */
    SCOPE_MARKERS,
    /** The share of the default routes that reached the first reading: 1 when every default agrees on it. */
    TOP_DEFAULT_SHARE,
    /** The first reading's probability of being the one meant: where the mass is. */
    TOP_PROBABILITY,
    /** How much of its result the first reading shares with another reading ({@link Feature#RESULT_OVERLAP}). */
    TOP_RESULT_OVERLAP,
    /**
     * The first reading's {@link Feature#DISTINCT_NAME_GROUNDING} minus the second's: positive when the question names
     * what only the first reading uses, so the question itself decides between them.
     */
    DECIDING_GROUNDING_GAP,
    /**
     * The first reading's {@link Feature#DISTINCT_NAME_MEANING} minus the second's. Weighed beside the spelling gap
     * above, it is what the question points at by meaning but does not spell: a vague word several names fit.
     */
    DECIDING_MEANING_GAP,
    /** {@link Feature#QUESTION_LINK_QUANTIFIER}: an inner "each"/"every" over a many-to-many the readings go through. */
    LINK_QUANTIFIER,
    /**
     * 1 when one reading's condition reaches every coordinated part and another's some only ({@link Feature#CONDITION_BREADTH}
     * +1 and −1): the readings differ exactly in what a modifier attaches to.
     */
    BREADTH_FORK,
    /** {@link Feature#QUESTION_UNSPELLED_SIBLINGS}: a word several contested columns fit, none of them spelled in full. */
    UNSPELLED_SIBLINGS,
    /**
     * The first reading's {@link Feature#PROJECTION_REFERRED}: it shows only columns the question's words refer to, so
     * what other readings add or change is not what the question left open.
     */
    TOP_PROJECTION_REFERRED,
    /** {@link Feature#QUESTION_SPELLED_CONTEST}: the question spells in full every contested column it refers to. */
    SPELLED_CONTEST,
    /** {@link Feature#QUESTION_MEANING_SIBLINGS}: one phrase that several contested shown columns fit best, none spelled. */
    MEANING_SIBLINGS;
}
