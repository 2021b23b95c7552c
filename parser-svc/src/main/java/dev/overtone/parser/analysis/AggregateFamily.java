package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Aggregate: a value computed with GROUP BY vs. a table that already holds it. When the query
 * aggregates a column per group and another table has a column named for that aggregate of that
 * column (e.g. "average score") next to a column naming the group, the query is proposed as a
 * read of the precomputed value.
 */
final class AggregateFamily implements VariantFamily {

    private static final Map<String, Set<String>> WORDS = Map.of(
            "AVG", Set.of("avg", "average", "mean"),
            "SUM", Set.of("sum", "total"),
            "COUNT", Set.of("count", "number", "num", "total"),
            "MAX", Set.of("max", "maximum", "highest", "top"),
            "MIN", Set.of("min", "minimum", "lowest"));

    @Override
    public String name() {
        return Variant.AGGREGATE;
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        if (ps == null || ctx.schema.isEmpty() || ps.getGroupBy() == null || ps.getGroupBy().getGroupByExpressionList() == null) return out;
        QueryShape shape = new QueryShape(ps, ctx.schema);
        List<?> groups = ps.getGroupBy().getGroupByExpressionList();
        if (groups.size() != 1 || !(groups.get(0) instanceof net.sf.jsqlparser.schema.Column g)) return out;
        String groupCol = QueryShape.clean(g.getColumnName());
        for (var item : ps.getSelectItems()) {
            Expression e = item.getExpression();
            if (!(e instanceof Function f) || !Phrasing.isAggregate(e) || f.getParameters() == null || f.getParameters().size() != 1) continue;
            String fn = f.getName().toUpperCase(Locale.ROOT);
            Object arg = f.getParameters().get(0);
            String argName = arg instanceof net.sf.jsqlparser.schema.Column c ? QueryShape.clean(c.getColumnName()) : "";
            Set<String> aggWords = WORDS.getOrDefault(fn, Set.of());
            for (Table t : ctx.schema.tables()) {
                if (shape.aliasToTable.containsValue(t.getName())) continue;
                var groupKey = t.getColumnsList().stream().filter(c -> c.getName().equalsIgnoreCase(groupCol)).findFirst();
                if (groupKey.isEmpty()) continue;
                for (Column c : t.getColumnsList()) {
                    Set<String> tokens = NameSimilarity.tokens(c.getName());
                    boolean namesAggregate = tokens.stream().anyMatch(aggWords::contains);
                    boolean namesArgument = argName.isEmpty() || NameSimilarity.lexical(argName, c.getName()) >= 0.5;
                    if (!namesAggregate || !namesArgument) continue;
                    String sql = "SELECT " + QueryShape.quote(t.getName()) + "." + QueryShape.quote(groupKey.get().getName()) + ", "
                            + QueryShape.quote(t.getName()) + "." + QueryShape.quote(c.getName()) + " FROM " + QueryShape.quote(t.getName());
                    double score = 0.35 + 0.4 * Math.max(ctx.cue(c.getName()), ctx.cue(t.getName()));
                    out.add(new Variant(sql, Variant.AGGREGATE, "group_by[0]",
                            "the precomputed " + Phrasing.words(c.getName()) + " from " + Phrasing.words(t.getName()), score));
                }
            }
        }
        return out;
    }
}
