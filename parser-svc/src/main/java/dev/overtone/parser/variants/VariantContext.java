package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryParser;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** What every variant family gets: the query (parsed afresh on demand), its analysis, schema and question. */
public final class VariantContext {

    final String sql;
    final SchemaIndex schema;
    final String question;
    final Set<String> questionTokens;
    final Analysis base;
    final NameSimilarity similarity;

    VariantContext(String sql, SchemaIndex schema, String question, Analysis base, NameSimilarity similarity) {
        this(sql, schema, question, base, similarity, null);
    }

    /** With the query's parse already at hand ({@code probe}, as parsed and never changed), or null to parse it when first read. */
    VariantContext(String sql, SchemaIndex schema, String question, Analysis base, NameSimilarity similarity, Select probe) {
        this.sql = sql;
        this.schema = schema;
        this.question = question == null ? "" : question;
        this.questionTokens = NameSimilarity.tokens(this.question);
        this.base = base;
        this.similarity = similarity;
        this.probe = probe;
    }

    /** Lower-case names of the tables the query reads. */
    Set<String> usedTables() {
        Set<String> used = new java.util.HashSet<>();
        base.tables().forEach(t -> used.add(t.name().toLowerCase(Locale.ROOT)));
        return used;
    }

    private Select probe;

    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^a-z0-9]+");
    private static final Pattern NUMBER_LIKE = Pattern.compile("[0-9.,:\\- ]+");

    /** A fresh, mutable parse tree of the query, for a family to rewrite. */
    Select fresh() {
        return QueryParser.parse(sql, schema);
    }

    /**
     * The query's parse tree shared by every family that only reads it, parsed once per context (or the
     * request's own parse of it, {@link dev.overtone.parser.analysis.ParsedQueries}): parsing is most of a
     * Variants call's time, and each family used to parse its own copy to look at. Never change it;
     * rewrite a {@link #fresh()} tree instead.
     */
    Select probe() {
        if (probe == null) probe = QueryParser.parse(sql, schema);
        return probe;
    }

    /** The probe as one plain SELECT, for a family that reads it against the schema: null without a schema or for a set operation. */
    PlainSelect plainProbe() {
        return schema.isEmpty() ? null : QueryShape.plain(probe());
    }

    boolean questionHasWord(String... words) {
        return hasWord(question, words);
    }

    /** Whether the text has one of the words, whole, case ignored. */
    static boolean hasWord(String text, String... words) {
        String q = " " + NOT_ALPHANUMERIC.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ") + " ";
        for (String w : words) if (q.contains(" " + w + " ")) return true;
        return false;
    }

    /** How much the question speaks of a name, lexically or by meaning, in [0, 1]. */
    double cue(String name) {
        double best = NameSimilarity.mentioned(questionTokens, name);
        String words = Phrasing.words(name);
        for (String t : questionTokens) {
            if (best >= 1) break;
            best = Math.max(best, similarity.semantic(t, words));
        }
        return best;
    }

    /** How close two names are, lexically or by meaning, in [0, 1]. */
    double closeness(String a, String b) {
        return Math.max(NameSimilarity.lexical(a, b), similarity.semantic(Phrasing.words(a), Phrasing.words(b)));
    }

    static boolean numeric(Column c) {
        ValueType t = c.getValueType();
        if (t == ValueType.VALUE_TYPE_INTEGER || t == ValueType.VALUE_TYPE_REAL) return true;
        String d = c.getDeclaredType().toUpperCase(Locale.ROOT);
        return d.contains("INT") || d.contains("REAL") || d.contains("NUM") || d.contains("DEC") || d.contains("FLOAT") || d.contains("DOUBLE");
    }

    /** Fewer shared sample values than this say nothing about two columns being one attribute. */
    static final int MIN_SHARED_VALUES = 2;

    /**
     * How far two text columns hold the same values, case ignored: the share of the smaller set of
     * informative sample values (3+ characters, not only digits) that the other also holds, 0 when
     * fewer than {@link #MIN_SHARED_VALUES} are shared. One attribute stored under two names shows here
     * even when the names share no word.
     */
    static double valueOverlap(Column a, Column b) {
        if (numeric(a) || numeric(b)) return 0;
        Set<String> va = informativeValues(a);
        Set<String> vb = informativeValues(b);
        long shared = va.stream().filter(vb::contains).count();
        if (shared < MIN_SHARED_VALUES) return 0;
        return shared / (double) Math.min(va.size(), vb.size());
    }

    private static Set<String> informativeValues(Column c) {
        Set<String> out = new java.util.HashSet<>();
        for (String v : c.getSampleValuesList()) {
            String t = v.strip().toLowerCase(Locale.ROOT);
            if (t.length() >= 3 && !NUMBER_LIKE.matcher(t).matches()) out.add(t);
        }
        return out;
    }

    static boolean compatible(Column a, Column b) {
        if (a.getDeclaredType().isEmpty() || b.getDeclaredType().isEmpty()) return true;
        return numeric(a) == numeric(b);
    }

    /** The column a person would use to name a row: a non-key text column called like a name, else the first text one. */
    Optional<String> nameColumn(String table) {
        Optional<Table> t = schema.table(table);
        if (t.isEmpty()) return Optional.empty();
        Column first = null;
        for (Column c : t.get().getColumnsList()) {
            if (schema.isKey(table, c.getName()) || numeric(c)) continue;
            String w = Phrasing.words(c.getName());
            if (w.equals("name") || w.endsWith(" name") || w.equals("title") || w.endsWith(" title")) return Optional.of(c.getName());
            if (first == null) first = c;
        }
        return Optional.ofNullable(first).map(Column::getName);
    }
}
