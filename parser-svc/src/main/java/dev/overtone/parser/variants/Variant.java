package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import net.sf.jsqlparser.statement.select.Select;

/**
 * One structural alternative of a query: the SQL another reading of the question would produce. A family
 * proposes it unanalysed ({@code analysis} null), as text or as the {@code rewritten} tree the text is
 * printed from; the generator hands it out {@link #analysed} once it has vetted it, in canonical form.
 */
public record Variant(String sql, String family, String slotPath, String description, double score, Analysis analysis,
                      Select rewritten) {

    public static final String ATTACHMENT = "attachment";
    public static final String SCOPE = "scope";
    public static final String COLUMN = "column";
    public static final String TABLE = "table";
    public static final String JOIN = "join";
    public static final String AGGREGATE = "aggregate";
    public static final String PROJECTION = "projection";
    /** Made of two readings of a batch ({@link PartsCombiner}), not by varying one. */
    public static final String COMBINATION = "combination";

    /** A proposal written as text, not analysed yet. */
    public Variant(String sql, String family, String slotPath, String description, double score) {
        this(sql, family, slotPath, description, score, null, null);
    }

    /**
     * A proposal made by rewriting a fresh parse: its SQL is the tree printed, and the tree is analysed as it
     * is, not parsed again from the text (the re-parse was a fifth of parser-svc's time under load). Hand the
     * tree over: nothing may change it afterwards. It must be shaped as a parse is, no node in two places (the
     * analysis resolves each node in place); rewrites that reuse a node twice, as re-bracketing a WHERE does,
     * propose text instead.
     */
    static Variant rewritten(Select tree, String family, String slotPath, String description, double score) {
        return new Variant(tree.toString(), family, slotPath, description, score, null, tree);
    }

    /** This variant as its analysis has it: the canonical SQL, the analysis kept, the score to three decimals. */
    Variant analysed(Analysis a) {
        return new Variant(a.canonicalSql(), family, slotPath, description, Math.round(score * 1000) / 1000.0, a, null);
    }
}
