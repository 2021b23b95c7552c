package dev.overtone.interpreter.ranking;

/**
 * The named evidence the ranking weighs for one reading. The wire name is what
 * {@code Interpretation.evidence} and the offline fitting tool ({@code bench/tools/fit_ranker.py}) use.
 */
public enum Feature implements WireName {
    /** Share of the caller's/LLM's default routes that reached this result (agreement among defaults). */
    DEFAULT_SHARE,
    /** This reading's default share minus the largest of its siblings (0 for the defaults' favourite). */
    DEFAULT_SHARE_GAP,
    /** 1 when no default reached it: only infill found it. */
    INFILL_ONLY,
    /** 1 when it came from the infilling model (rather than a structural variant or a default). */
    INFILL_MODEL,
    /** ln(1 + routes that reached this result). */
    ROUTES_LOG,
    /** 1 when the result has no rows. */
    EMPTY_RESULT,
    /** 1 when every cell of a non-empty result is NULL. */
    NULL_RESULT,
    /** Share of rows that repeat an earlier row (a fan-out join's symptom). */
    REPEATED_ROWS,
    /** Share of the schema names the SQL uses whose words appear in the question. */
    NAME_GROUNDING,
    /** This reading's name grounding minus the best of its siblings (0 for the best grounded). */
    NAME_GROUNDING_GAP,
    /** Share of the question's schema terms that the SQL's names or literals take up. */
    TERM_COVERAGE,
    /** This reading's term coverage minus the best of its siblings. */
    TERM_COVERAGE_GAP,
    /** Share of the SQL's string literals that appear in the question (1 without literals). */
    LITERAL_GROUNDING,
    /** Schema names the SQL uses, over 10 (structural size). */
    NAMES_USED,
    /** Joins in the SQL. */
    JOINS,
    /** Result columns, over 5. */
    RESULT_COLUMNS,
    /** Result columns over 5 minus the narrowest sibling's: how much wider than the plainest reading it is. */
    RESULT_COLUMNS_OVER_NARROWEST,
    /**
     * 1 when a result column is named for what names a row (its name, letters only, ends in "name" or
     * "title": {@code name}, {@code FullName}, {@code job_title}): the rows are shown by who or what they are.
     */
    LABEL_SHOWN,
    /**
     * Question terms the schema does not name outright (vague measure words, ungrounded words): the same
     * for every reading of a question; evidence for the verdict rather than for the order.
     */
    QUESTION_PIVOTS,
    /** Words in the question, over 10: a spelled-out question leaves less open. Question-level, for the verdict. */
    QUESTION_WORDS,
    /** +1 when a condition reaches every coordinated part (UNION branches, OR-ed filters), -1 some only, 0 none ({@link ConditionBreadth}). */
    CONDITION_BREADTH,
    /**
     * Condition breadth times the question's cue ({@link ScopeCues#attachment()}: +1 "both"/"either"/"same",
     * -1 "also"): positive when the reading reaches as far as the question says.
     */
    BREADTH_CUE_FIT,
    /** Words in the question that state a reach outright ({@link ScopeCues#markers()}). Question-level, for the verdict. */
    QUESTION_SCOPE_MARKERS,
    /**
     * The largest share of distinct cell values this reading's result has in common with another reading's
     * (Jaccard of the two sets of cell texts; 0 alone): readings whose results share most of their values differ
     * in a detail, readings that share none answer different questions.
     */
    RESULT_OVERLAP,
    /**
     * Of the schema names this reading uses that some other reading does not, the share the question's words
     * ground (0 when it uses none of its own): whether the question names what sets this reading apart.
     */
    DISTINCT_NAME_GROUNDING,
    /**
     * Of the schema names this reading uses that some other reading does not, how well the best of them fits the
     * question in meaning ({@link NameMeaning}; 0 when it uses none of its own): the question can point at what sets
     * a reading apart without spelling it ("effects" fits {@code Side_Effects}).
     */
    DISTINCT_NAME_MEANING,
    /**
     * 1 when the question quantifies with an inner "each"/"every" and some reading goes through a link table
     * ({@link LinkQuantifier}): the quantifier's scope, per item or over all, is left open. Question-level, for the verdict.
     */
    QUESTION_LINK_QUANTIFIER,
    /**
     * 1 when a word of the question fits by spelling two or more columns the readings disagree on and the question
     * spells none of them in full ({@link UnspelledSiblings}): "commute time" against {@code mean_commute_time} and
     * {@code median_commute_time} leaves open which. Question-level, for the verdict.
     */
    QUESTION_UNSPELLED_SIBLINGS,
    /**
     * 1 when two or more columns the readings disagree on in what they show, none spelled in full by the question, fit
     * the same question phrase best in meaning ({@link MeaningSiblings}): "their locations" against {@code Latitude} and
     * {@code Longitude} leaves open which. Question-level, for the verdict.
     */
    QUESTION_MEANING_SIBLINGS,
    /**
     * 1 when the question spells in full every column the readings disagree on that a word of it refers to, and refers to
     * one at least ({@link SpelledContest}): the question settles what the readings differ in. Question-level, for the
     * verdict.
     */
    QUESTION_SPELLED_CONTEST,
    /**
     * 1 when every column this reading's select items use is referred to by a word of the question, by spelling
     * ({@link ProjectionReferred}; 0 when it shows no schema column, has a set operation, or nothing analysed it): it
     * shows what the question asks for and nothing else. For the verdict.
     */
    PROJECTION_REFERRED;
}
