package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.LevelWalk;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.QueryShape;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Table;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Projection: which columns does a vague "list the X" show? The rows stay the same; only the SELECT
 * list changes, and only where the question's own words say how. A column of a table the query reads
 * that the question names but the query does not show is added (a sort key named in "in descending
 * order of Y" included); shown columns the question does not name are dropped, keeping those it
 * names and each table's name column; and a listing of a named table's rows with attributes the
 * question names, that does not show which row each is, gets the table's key and name column.
 */
final class ProjectionFamily implements VariantFamily {

    /**
     * Share of a name's words the question must use for the name to count as said (all of them to
     * add a column, half to keep one). Chosen by hand before any measurement, not swept.
     */
    static final double NAMED_TO_ADD = 1.0;
    static final double NAMED_TO_KEEP = 0.5;
    /** Scores, by how directly the question's words support the change (chosen by hand, not swept). */
    static final double ADD_SCORE = 0.55;
    static final double DROP_SCORE = 0.45;
    static final double IDENTITY_SCORE = 0.35;
    /** Shown columns the question must name for a query to be a listing of rows with their attributes (chosen by hand). */
    static final int MIN_NAMED_ATTRIBUTES = 2;

    /** A shown SELECT item that is a plain column of a known table. */
    private record Shown(String table, String column) {
    }

    @Override
    public List<Variant> propose(VariantContext ctx) {
        List<Variant> out = new ArrayList<>();
        PlainSelect probe = ctx.plainProbe();
        if (probe == null || probe.getSelectItems() == null) return out;
        QueryShape shape = new QueryShape(probe, ctx.schema);
        List<Shown> shown = new ArrayList<>();
        for (SelectItem<?> item : probe.getSelectItems()) {
            // only plain column lists: an expression or aggregate says more than which columns to show
            if (!(item.getExpression() instanceof net.sf.jsqlparser.schema.Column c)) return out;
            String owner = shape.owner(c);
            if (owner == null) return out;
            Optional<Column> meta = ctx.schema.column(owner, QueryShape.clean(c.getColumnName()));
            if (meta.isEmpty()) return out;
            shown.add(new Shown(owner, meta.get().getName()));
        }
        named(ctx, probe, shape, shown).ifPresent(out::add);
        unnamed(ctx, shown).ifPresent(out::add);
        identity(ctx, probe, shown).ifPresent(out::add);
        return out;
    }

    private static double said(VariantContext ctx, String name) {
        return NameSimilarity.mentioned(ctx.questionTokens, name);
    }

    /** The FROM items that are tables, by the name the query refers to them with (alias or table). */
    private static Map<String, String> tablesByReference(VariantContext ctx, PlainSelect ps) {
        Map<String, String> out = new LinkedHashMap<>();
        for (FromItem f : LevelWalk.fromItems(ps)) {
            if (!(f instanceof net.sf.jsqlparser.schema.Table t)) continue;
            String table = ctx.schema.tableName(QueryShape.clean(t.getName()));
            if (ctx.schema.table(table).isEmpty()) continue;
            out.putIfAbsent(f.getAlias() == null ? t.getName() : f.getAlias().getName(), table);
        }
        return out;
    }

    /** Columns (table.column, lower case) the query filters or joins on: a condition, not something to show. */
    private static Set<String> conditionColumns(PlainSelect ps, QueryShape shape) {
        Set<String> out = new HashSet<>();
        List<Expression> conditions = new ArrayList<>();
        if (ps.getWhere() != null) conditions.add(ps.getWhere());
        if (ps.getHaving() != null) conditions.add(ps.getHaving());
        if (ps.getJoins() != null) ps.getJoins().forEach(j -> conditions.addAll(j.getOnExpressions()));
        for (Expression e : conditions) {
            e.accept(new net.sf.jsqlparser.expression.ExpressionVisitorAdapter<Void>() {
                @Override
                public <S> Void visit(net.sf.jsqlparser.schema.Column column, S context) {
                    String owner = shape.owner(column);
                    if (owner != null) out.add(key(owner, QueryShape.clean(column.getColumnName())));
                    return null;
                }
            }, null);
        }
        return out;
    }

    /** Columns the question names in full that a table of the query has but the query does not show. */
    private Optional<Variant> named(VariantContext ctx, PlainSelect probe, QueryShape shape, List<Shown> shown) {
        Set<String> shownKeys = new HashSet<>();
        shown.forEach(s -> shownKeys.add(key(s.table(), s.column())));
        Set<String> conditions = conditionColumns(probe, shape);
        List<net.sf.jsqlparser.schema.Column> added = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (Map.Entry<String, String> ref : tablesByReference(ctx, probe).entrySet()) {
            Table table = ctx.schema.table(ref.getValue()).orElseThrow();
            for (Column c : table.getColumnsList()) {
                String k = key(table.getName(), c.getName());
                if (shownKeys.contains(k) || conditions.contains(k) || ctx.schema.isKey(table.getName(), c.getName())) continue;
                if (said(ctx, c.getName()) < NAMED_TO_ADD) continue;
                shownKeys.add(k);
                added.add(new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(ref.getKey()), QueryShape.quote(c.getName())));
                words.add(dev.overtone.parser.analysis.Phrasing.words(c.getName()));
            }
        }
        if (added.isEmpty()) return Optional.empty();
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        List<SelectItem<?>> items = new ArrayList<>(ps.getSelectItems());
        added.forEach(c -> items.add(SelectItem.from(c)));
        ps.setSelectItems(items);
        GroupByElement group = ps.getGroupBy();
        if (group != null && group.getGroupByExpressionList() != null) {
            // a grouped query shows the added columns per group: group by them too (copies: a tree has no node twice)
            for (net.sf.jsqlparser.schema.Column c : added)
                group.addGroupByExpression(new net.sf.jsqlparser.schema.Column(new net.sf.jsqlparser.schema.Table(c.getTable().getName()), c.getColumnName()));
        }
        return Optional.of(Variant.rewritten(ps, Variant.PROJECTION, "select",
                "also showing the " + String.join(", ", words), ADD_SCORE));
    }

    /** Only the shown columns the question names, and the name column of each table. */
    private Optional<Variant> unnamed(VariantContext ctx, List<Shown> shown) {
        if (shown.size() < 2) return Optional.empty();
        List<Integer> keep = new ArrayList<>();
        boolean anyNamed = false;
        for (int i = 0; i < shown.size(); i++) {
            Shown s = shown.get(i);
            boolean named = said(ctx, s.column()) >= NAMED_TO_KEEP;
            // the column that says which row it is stays, whatever the question calls the rows
            boolean label = ctx.nameColumn(s.table()).map(n -> n.equalsIgnoreCase(s.column())).orElse(false);
            anyNamed |= named;
            if (named || label) keep.add(i);
        }
        if (!anyNamed || keep.size() == shown.size()) return Optional.empty();
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        List<SelectItem<?>> items = new ArrayList<>();
        keep.forEach(i -> items.add(ps.getSelectItems().get(i)));
        ps.setSelectItems(items);
        return Optional.of(Variant.rewritten(ps, Variant.PROJECTION, "select",
                "only the columns the question names", DROP_SCORE));
    }

    /** A listing of one named table's rows showing several attributes: its key and name column too. */
    private Optional<Variant> identity(VariantContext ctx, PlainSelect probe, List<Shown> shown) {
        if (shown.size() < 2 || probe.getJoins() != null && !probe.getJoins().isEmpty() || probe.getGroupBy() != null
                || probe.getDistinct() != null || !(probe.getFromItem() instanceof net.sf.jsqlparser.schema.Table from)) return Optional.empty();
        String table = ctx.schema.tableName(QueryShape.clean(from.getName()));
        Optional<Table> t = ctx.schema.table(table);
        if (t.isEmpty() || t.get().getPrimaryKeyCount() != 1 || said(ctx, table) < NAMED_TO_KEEP) return Optional.empty();
        // "the airports, including their cities, states and websites": the question lists attributes of the rows
        if (shown.stream().filter(s -> said(ctx, s.column()) >= NAMED_TO_KEEP).count() < MIN_NAMED_ATTRIBUTES) return Optional.empty();
        Set<String> shownColumns = new HashSet<>();
        shown.forEach(s -> shownColumns.add(s.column().toLowerCase(Locale.ROOT)));
        List<String> missing = new ArrayList<>();
        String pk = t.get().getPrimaryKey(0);
        if (!shownColumns.contains(pk.toLowerCase(Locale.ROOT))) missing.add(pk);
        ctx.nameColumn(table).filter(n -> !shownColumns.contains(n.toLowerCase(Locale.ROOT))).ifPresent(missing::add);
        if (missing.isEmpty()) return Optional.empty();
        PlainSelect ps = QueryShape.plain(ctx.fresh());
        net.sf.jsqlparser.schema.Table qualifier = from.getAlias() == null ? null : new net.sf.jsqlparser.schema.Table(from.getAlias().getName());
        List<SelectItem<?>> items = new ArrayList<>();
        missing.forEach(m -> items.add(SelectItem.from(new net.sf.jsqlparser.schema.Column(qualifier, QueryShape.quote(m)))));
        items.addAll(ps.getSelectItems());
        ps.setSelectItems(items);
        return Optional.of(Variant.rewritten(ps, Variant.PROJECTION, "select",
                "each row shown with its key and name", IDENTITY_SCORE));
    }

    private static String key(String table, String column) {
        return (table + "." + column).toLowerCase(Locale.ROOT);
    }
}
