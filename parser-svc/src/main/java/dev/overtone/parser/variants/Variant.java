package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;

/**
 * One structural alternative of a query: the SQL another reading of the question would produce. A family
 * proposes it unanalysed ({@code analysis} null); the generator hands it out {@link #analysed} once it has
 * vetted it, in canonical form.
 */
public record Variant(String sql, String family, String slotPath, String description, double score, Analysis analysis) {

    public static final String ATTACHMENT = "attachment";
    public static final String SCOPE = "scope";
    public static final String COLUMN = "column";
    public static final String TABLE = "table";
    public static final String JOIN = "join";
    public static final String AGGREGATE = "aggregate";
    public static final String PROJECTION = "projection";

    /** A proposal, not analysed yet. */
    public Variant(String sql, String family, String slotPath, String description, double score) {
        this(sql, family, slotPath, description, score, null);
    }

    /** This variant as its analysis has it: the canonical SQL, the analysis kept, the score to three decimals. */
    Variant analysed(Analysis a) {
        return new Variant(a.canonicalSql(), family, slotPath, description, Math.round(score * 1000) / 1000.0, a);
    }
}
