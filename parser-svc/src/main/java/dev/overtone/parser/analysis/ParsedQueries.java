package dev.overtone.parser.analysis;

import net.sf.jsqlparser.statement.select.Select;

import java.util.HashMap;
import java.util.Map;

/**
 * The SQL texts one request has parsed and analysed against its schema, so that a text met again in the
 * same request (a variant that several sources of a batch share, the source the variant families read)
 * is parsed once. Made per request and dropped with it: never kept across requests nor shared between
 * threads. Its trees are as parsed and only to be read; whoever rewrites a query parses its own.
 */
public final class ParsedQueries {

    /** A query's parse tree (read it, never change it) and its analysis. */
    public record Parsed(Select tree, Analysis analysis) {
    }

    private final SqlAnalyzer analyzer = new SqlAnalyzer();
    private final SchemaIndex schema;
    private final Map<String, Parsed> byText = new HashMap<>();

    public ParsedQueries(SchemaIndex schema) {
        this.schema = schema;
    }

    public SchemaIndex schema() {
        return schema;
    }

    /**
     * The text parsed and analysed, once per text. SqlSyntaxException when it does not parse; that is
     * not remembered (a text that fails fails again alike).
     */
    public Parsed parsed(String sql) {
        Parsed known = byText.get(sql);
        if (known != null) return known;
        Select tree = QueryParser.parse(sql, schema);
        Parsed p = new Parsed(tree, analyzer.analyze(tree, schema));
        byText.put(sql, p);
        return p;
    }

    public Analysis analyze(String sql) {
        return parsed(sql).analysis();
    }

    /**
     * The analysis of {@code sql} when {@code tree} is what it was printed from (a rewritten parse), once per
     * text: the tree stands for the text's parse, so it is analysed instead of parsing the text again, and
     * kept as that parse. Nothing may change the tree afterwards.
     */
    public Analysis analyze(String sql, Select tree) {
        return byText.computeIfAbsent(sql, text -> new Parsed(tree, analyzer.analyze(tree, schema))).analysis();
    }
}
