package dev.overtone.parser.variants;

/** One structural alternative of a query: the SQL another reading of the question would produce. */
public record Variant(String sql, String family, String slotPath, String description, double score) {

    public static final String ATTACHMENT = "attachment";
    public static final String SCOPE = "scope";
    public static final String COLUMN = "column";
    public static final String TABLE = "table";
    public static final String JOIN = "join";
    public static final String AGGREGATE = "aggregate";
    public static final String PROJECTION = "projection";
}
