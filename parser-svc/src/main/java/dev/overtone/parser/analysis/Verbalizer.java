package dev.overtone.parser.analysis;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/** A deterministic plain-English reading of a SELECT, e.g. "names and star ratings of all hotels, highest first". */
public final class Verbalizer {

    public String verbalize(String sql, SchemaIndex schema) {
        Select s = QueryParser.parse(sql, schema == null ? SchemaIndex.EMPTY : schema);
        return select(s, schema == null ? SchemaIndex.EMPTY : schema);
    }

    private String select(Select s, SchemaIndex schema) {
        if (s instanceof SetOperationList set) {
            StringBuilder b = new StringBuilder(select(set.getSelects().get(0), schema));
            for (int i = 1; i < set.getSelects().size(); i++) {
                SetOperation op = set.getOperation(i - 1);
                String word = op.toString().toUpperCase(Locale.ROOT);
                String joiner = word.startsWith("UNION") ? "; together with " : word.startsWith("INTERSECT") ? "; only those also in " : "; except ";
                b.append(joiner).append(select(set.getSelects().get(i), schema));
            }
            return b + order(set.getOrderByElements()) + limit(set.getLimit());
        }
        PlainSelect ps = QueryShape.plain(s);
        if (ps == null) return s.toString();
        QueryShape shape = new QueryShape(ps, schema);
        List<String> shown = new ArrayList<>();
        for (var item : ps.getSelectItems()) shown.add(item(item.getExpression()));
        LinkedHashSet<String> tables = new LinkedHashSet<>(shape.aliasToTable.values());
        String subject = tables.isEmpty() ? "" : " of " + (ps.getWhere() == null && ps.getGroupBy() == null ? "all " : "")
                + Phrasing.words(tables.iterator().next());
        if (tables.size() > 1) {
            List<String> rest = new ArrayList<>(tables).subList(1, tables.size()).stream().map(Phrasing::words).toList();
            subject += " with their " + String.join(" and ", rest);
        }
        StringBuilder b = new StringBuilder();
        if (ps.getDistinct() != null) b.append("distinct ");
        b.append(list(shown)).append(subject);
        if (ps.getWhere() != null) b.append(" where ").append(Phrasing.expression(ps.getWhere()));
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
            List<String> groups = new ArrayList<>();
            for (Object g : ps.getGroupBy().getGroupByExpressionList())
                groups.add(g instanceof Column c ? Phrasing.words(c.getColumnName()) : Phrasing.expression((Expression) g));
            b.append(", for each ").append(String.join(" and ", groups));
        }
        if (ps.getHaving() != null) b.append(", keeping those where ").append(Phrasing.expression(ps.getHaving()));
        return b + order(ps.getOrderByElements()) + limit(ps.getLimit());
    }

    private static String item(Expression e) {
        if (e instanceof Column c) return plural(Phrasing.words(c.getColumnName()));
        if (e instanceof AllColumns) return "all details";
        return Phrasing.expression(e);
    }

    private static String order(List<OrderByElement> order) {
        if (order == null || order.isEmpty()) return "";
        OrderByElement o = order.get(0);
        String by = o.getExpression() instanceof Column c ? Phrasing.words(c.getColumnName()) : Phrasing.expression(o.getExpression());
        return ", " + (o.isAsc() ? "lowest " : "highest ") + by + " first";
    }

    private static String limit(Limit limit) {
        if (limit == null || limit.getRowCount() == null) return "";
        String n = limit.getRowCount().toString();
        return n.equals("1") ? ", only the first one" : ", only the first " + n;
    }

    private static String plural(String w) {
        if (w.isEmpty() || w.endsWith("s")) return w;
        if (w.endsWith("y") && w.length() > 2 && "aeiou".indexOf(w.charAt(w.length() - 2)) < 0) return w.substring(0, w.length() - 1) + "ies";
        return w + "s";
    }

    private static String list(List<String> parts) {
        if (parts.size() <= 1) return parts.isEmpty() ? "rows" : parts.get(0);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }
}
