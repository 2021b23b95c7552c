package dev.overtone.interpreter.ranking;

/**
 * The named evidence the ranking weighs for one reading. The wire name is what
 * {@code Interpretation.evidence} and the offline fitting tool ({@code bench/tools/fit_ranker.py}) use.
 */
public enum Feature {
    /** Share of the caller's/LLM's default routes that reached this result (agreement among defaults). */
    DEFAULT_SHARE("default_share"),
    /** This reading's default share minus the largest of its siblings (0 for the defaults' favourite). */
    DEFAULT_SHARE_GAP("default_share_gap"),
    /** 1 when no default reached it: only infill found it. */
    INFILL_ONLY("infill_only"),
    /** 1 when it came from the infilling model (rather than a structural variant or a default). */
    INFILL_MODEL("infill_model"),
    /** ln(1 + routes that reached this result). */
    ROUTES_LOG("routes_log"),
    /** 1 when the result has no rows. */
    EMPTY_RESULT("empty_result"),
    /** 1 when every cell of a non-empty result is NULL. */
    NULL_RESULT("null_result"),
    /** Share of rows that repeat an earlier row (a fan-out join's symptom). */
    REPEATED_ROWS("repeated_rows"),
    /** Share of the schema names the SQL uses whose words appear in the question. */
    NAME_GROUNDING("name_grounding"),
    /** This reading's name grounding minus the best of its siblings (0 for the best grounded). */
    NAME_GROUNDING_GAP("name_grounding_gap"),
    /** Share of the question's schema terms that the SQL's names or literals take up. */
    TERM_COVERAGE("term_coverage"),
    /** This reading's term coverage minus the best of its siblings. */
    TERM_COVERAGE_GAP("term_coverage_gap"),
    /** Share of the SQL's string literals that appear in the question (1 without literals). */
    LITERAL_GROUNDING("literal_grounding"),
    /** Schema names the SQL uses, over 10 (structural size). */
    NAMES_USED("names_used"),
    /** Joins in the SQL. */
    JOINS("joins"),
    /** Result columns, over 5. */
    RESULT_COLUMNS("result_columns"),
    /** Result columns over 5 minus the narrowest sibling's: how much wider than the plainest reading it is. */
    RESULT_COLUMNS_OVER_NARROWEST("result_columns_over_narrowest"),
    /**
     * 1 when a result column is named for what names a row (its name, letters only, ends in "name" or
     * "title": {@code name}, {@code FullName}, {@code job_title}): the rows are shown by who or what they are.
     */
    LABEL_SHOWN("label_shown"),
    /**
     * Question terms the schema does not name outright (vague measure words, ungrounded words): the same
     * for every reading of a question; evidence for the verdict rather than for the order.
     */
    QUESTION_PIVOTS("question_pivots"),
    /** Words in the question, over 10: a spelled-out question leaves less open. Question-level, for the verdict. */
    QUESTION_WORDS("question_words"),
    /** +1 when a condition reaches every coordinated part (UNION branches, OR-ed filters), -1 some only, 0 none ({@link ConditionBreadth}). */
    CONDITION_BREADTH("condition_breadth"),
    /**
     * Condition breadth times the question's cue ({@link ScopeCues#attachment()}: +1 "both"/"either"/"same",
     * -1 "also"): positive when the reading reaches as far as the question says.
     */
    BREADTH_CUE_FIT("breadth_cue_fit"),
    /** Words in the question that state a reach outright ({@link ScopeCues#markers()}). Question-level, for the verdict. */
    QUESTION_SCOPE_MARKERS("question_scope_markers"),
    /**
     * The largest share of distinct cell values this reading's result has in common with another reading's
     * (Jaccard of the two sets of cell texts; 0 alone): readings whose results share most of their values differ
     * in a detail, readings that share none answer different questions.
     */
    RESULT_OVERLAP("result_overlap"),
    /**
     * Of the schema names this reading uses that some other reading does not, the share the question's words
     * ground (0 when it uses none of its own): whether the question names what sets this reading apart.
     */
    DISTINCT_NAME_GROUNDING("distinct_name_grounding");

    private final String wireName;

    Feature(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
