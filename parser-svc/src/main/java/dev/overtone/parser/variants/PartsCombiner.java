package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlLexer;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.analysis.SqlToken;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Combination: readings of one question that each list one part of what it asks for ("all chalets and
 * the cabins that cost $200", one reading per part) put together as one list, each part shown by its
 * rows' names. It works across the readings of a batch, where every other family varies one reading:
 * a person who asks for two lists in one answer is often given one list per reading, and the union of
 * two of them is the reading that keeps each part's own conditions.
 *
 * <p>Two readings are parts of one list when each is a plain listing (no grouping, aggregate, order or
 * limit), both show as many columns once shown by name, and they are about different things: they read
 * different main tables, or each names a text value the other does not ("bartenders" and "sommeliers").
 */
public final class PartsCombiner {

    /** Score of a combination whose parts' tables the question does not name, in the families' scale. */
    static final double SCORE = 0.4;
    /**
     * Added for the question naming both parts' main tables (the lesser of the two cues): a combination of
     * the things asked for outranks one of a table the question never mentions, as the table and join
     * families weigh their cues. Both constants chosen by hand, after one run with a flat 0.5.
     */
    static final double CUE_WEIGHT = 0.3;
    /** The words by which a question lists parts of one answer. */
    private static final String[] LISTING_WORDS = {"and", "or", "also", "both", "plus"};

    private final NameSimilarity similarity;

    public PartsCombiner(NameSimilarity similarity) {
        this.similarity = similarity == null ? NameSimilarity.LEXICAL_ONLY : similarity;
    }

    /**
     * The combinations of the batch's readings, at most {@code max}, each listed under the first of its
     * two parts, which is one of the first {@code varied} of {@code sqls} (the sources; the rest are
     * partners, only ever second parts); canonical and analysed like every variant. One list per source.
     * Nothing when the question does not list parts or fewer than two readings parse.
     */
    public List<List<Variant>> combine(List<String> sqls, int varied, ParsedQueries parsed, String question, int max) {
        List<List<Variant>> out = new ArrayList<>();
        for (int i = 0; i < varied; i++) out.add(new ArrayList<>());
        if (max <= 0 || question == null || !VariantContext.hasWord(question, LISTING_WORDS)) return out;
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < sqls.size(); i++) part(i, sqls.get(i), parsed, question).ifPresent(parts::add);
        Set<String> seen = new HashSet<>();
        parts.forEach(p -> seen.add(VariantGenerator.fingerprint(p.analysis)));
        List<Pair> pairs = new ArrayList<>();
        for (int a = 0; a < parts.size() && parts.get(a).index < varied; a++)
            for (int b = a + 1; b < parts.size(); b++)
                if (parts.get(a).columns() == parts.get(b).columns() && differentThings(parts.get(a), parts.get(b)))
                    pairs.add(new Pair(parts.get(a), parts.get(b)));
        // the pairs whose tables the question names best first; the sort is stable, so the batch's order breaks ties
        pairs.sort(Comparator.comparingDouble(Pair::bothNamed).reversed());
        int made = 0;
        for (Pair pair : pairs) {
            if (made >= max) break;
            Optional<Variant> combined = combined(pair, parsed, seen);
            if (combined.isPresent()) {
                out.get(pair.first.index).add(combined.get());
                made++;
            }
        }
        return out;
    }

    /** Two parts, in the batch's order. */
    private record Pair(Part first, Part second) {
        /** How well the question names both parts' main tables: the lesser of the two cues. */
        double bothNamed() {
            return Math.min(first.tableCue, second.tableCue);
        }
    }

    /**
     * One reading that could be a part: its parse (the request's, only read) and how it shows by name, main table (and how
     * the question names it) and text values.
     */
    private record Part(int index, Analysis analysis, PlainSelect tree, Optional<NameProjection> byName,
                        String mainTable, double tableCue, Set<String> textValues) {

        /** Shown by name, a listing shows its name column alone; else its own columns. */
        int columns() {
            return byName.isPresent() ? 1 : tree.getSelectItems().size();
        }

        /**
         * The reading as one part of a list: shown by name, else as it is. Printed only for the parts that pair (the
         * parse printed, not the text: a trailing ';' or '-- comment' would swallow the UNION's second part).
         */
        String listing() {
            return byName.map(NameProjection::printed).orElseGet(tree::toString);
        }
    }

    private Optional<Part> part(int index, String sql, ParsedQueries parsed, String question) {
        ParsedQueries.Parsed p;
        try {
            p = parsed.parsed(sql);
        } catch (SqlSyntaxException e) {
            return Optional.empty();
        }
        PlainSelect ps = p.tree() instanceof PlainSelect plain ? plain : null;
        if (ps == null || !listing(ps) || !(ps.getFromItem() instanceof Table from)) return Optional.empty();
        SchemaIndex schema = parsed.schema();
        VariantContext ctx = new VariantContext(sql, schema, question, p.analysis(), similarity, p.tree());
        Optional<NameProjection> byName = NameProjection.of(ctx, p.tree());
        // not shown by name, a '*' cannot be matched column for column with another part
        if (byName.isEmpty() && ps.getSelectItems().stream().anyMatch(i -> i.getExpression() instanceof AllColumns)) return Optional.empty();
        String known = schema.tableName(QueryShape.clean(from.getName()));
        String main = known == null ? QueryShape.clean(from.getName()) : known;
        return Optional.of(new Part(index, p.analysis(), ps, byName, main.toLowerCase(Locale.ROOT), ctx.cue(main),
                textValues(sql)));
    }

    /** A plain listing of rows: columns and constants shown, no grouping, aggregate, order, limit or WITH. */
    private static boolean listing(PlainSelect ps) {
        return ps.getGroupBy() == null && ps.getHaving() == null && ps.getOrderByElements() == null && ps.getLimit() == null
                && ps.getFetch() == null && ps.getWithItemsList() == null && ps.getSelectItems().stream()
                .map(SelectItem::getExpression).allMatch(e -> e instanceof Column || e instanceof AllColumns || e instanceof StringValue);
    }

    private Optional<Variant> combined(Pair pair, ParsedQueries parsed, Set<String> seen) {
        String union = pair.first.listing() + " UNION " + pair.second.listing();
        Analysis analysis;
        try {
            analysis = parsed.analyze(union);
        } catch (SqlSyntaxException e) {
            return Optional.empty();
        }
        if (!parsed.schema().isEmpty() && !analysis.unknownNames().isEmpty()) return Optional.empty();
        if (!seen.add(VariantGenerator.fingerprint(analysis))) return Optional.empty();
        return Optional.of(new Variant(union, Variant.COMBINATION, "set_operation",
                "the rows of two readings in one list, each part with its own conditions",
                SCORE + CUE_WEIGHT * pair.bothNamed()).analysed(analysis));
    }

    /** Different main tables, or each names a text value the other does not. */
    private static boolean differentThings(Part a, Part b) {
        if (!a.mainTable.equals(b.mainTable)) return true;
        return !b.textValues.containsAll(a.textValues) && !a.textValues.containsAll(b.textValues);
    }

    private static Set<String> textValues(String sql) {
        Set<String> values = new HashSet<>();
        for (SqlToken t : SqlLexer.tokenize(sql))
            if (t.kind() == SqlToken.Kind.STRING) values.add(t.unquoted().toLowerCase(Locale.ROOT));
        return values;
    }
}
