package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.SlotKind;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@link SqlAnalyzer}'s walk of one SELECT, clause by clause: each clause's expressions resolved by
 * {@link NameResolution}, and (in the outer query, not in subqueries) one slot per clause element.
 */
final class ClauseWalk {
    final NameResolution names;
    final List<Analysis.SlotValue> slots = new ArrayList<>();
    private final SchemaIndex schema;

    ClauseWalk(SchemaIndex schema) {
        this.schema = schema;
        this.names = new NameResolution(schema, (sub, parent) -> select(sub, parent, "", false));
    }

    void select(Select s, NameScope parent, String prefix, boolean slotted) {
        if (s.getWithItemsList() != null) {
            for (WithItem<?> w : s.getWithItemsList()) {
                names.declareCte(w.getAliasName());
                if (w.getSelect() != null) select(w.getSelect(), parent, "", false);
            }
        }
        if (s instanceof PlainSelect ps) {
            plain(ps, parent, prefix, slotted);
        } else if (s instanceof SetOperationList set) {
            for (int i = 0; i < set.getSelects().size(); i++)
                select(set.getSelects().get(i), parent, prefix + "set[" + i + "]/", slotted);
            if (slotted) {
                String ops = set.getOperations().stream().map(o -> o.toString().toUpperCase(Locale.ROOT)).collect(Collectors.joining(" | "));
                slot(prefix + "set_operation", SlotKind.SLOT_KIND_SET_OPERATION, ops, "combined with " + ops, List.of());
            }
            orderAndLimit(set.getOrderByElements(), set.getLimit(), null, prefix, slotted);
        } else if (s instanceof ParenthesedSelect p) {
            select(p.getSelect(), parent, prefix, slotted);
        }
    }

    private void plain(PlainSelect ps, NameScope parent, String prefix, boolean slotted) {
        NameScope outer = names.enter(parent);
        List<FromItem> items = LevelWalk.fromItems(ps);
        for (FromItem f : items) names.register(f);
        if (ps.getSelectItems() != null)
            for (SelectItem<?> item : ps.getSelectItems())
                if (item.getAlias() != null) names.scope().selectAliases.add(item.getAlias().getName().replace("\"", "").toLowerCase(Locale.ROOT));

        if (slotted && ps.getDistinct() != null)
            slot(prefix + "distinct", SlotKind.SLOT_KIND_DISTINCT, "DISTINCT", "distinct rows only", List.of());
        selectItems(ps, prefix, slotted);
        if (slotted) fromAndJoins(ps, items, prefix);
        joinConditions(ps, prefix, slotted);
        if (ps.getWhere() != null) {
            if (slotted) predicateSlots(ps.getWhere(), prefix + "where", SlotKind.SLOT_KIND_WHERE, "where");
            else names.visit(ps.getWhere(), "where");
        }
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
            List<?> groups = ps.getGroupBy().getGroupByExpressionList();
            for (int i = 0; i < groups.size(); i++) {
                Expression g = (Expression) groups.get(i);
                names.visit(g, "group_by");
                if (slotted) slot(prefix + "group_by[" + i + "]", SlotKind.SLOT_KIND_GROUP_BY, g.toString(),
                        "grouped by " + Phrasing.expression(g), names.elements());
            }
        }
        if (ps.getHaving() != null) {
            names.visit(ps.getHaving(), "having");
            if (slotted) slot(prefix + "having", SlotKind.SLOT_KIND_HAVING, ps.getHaving().toString(),
                    "keeping groups where " + Phrasing.expression(ps.getHaving()), names.elements());
        }
        orderAndLimit(ps.getOrderByElements(), ps.getLimit(), ps, prefix, slotted);
        names.leave(outer);
    }

    private void selectItems(PlainSelect ps, String prefix, boolean slotted) {
        List<SelectItem<?>> selectItems = ps.getSelectItems() == null ? List.of() : ps.getSelectItems();
        for (int i = 0; i < selectItems.size(); i++) {
            Expression e = selectItems.get(i).getExpression();
            String path = prefix + "select[" + i + "]";
            names.visit(e, "select");
            if (slotted) {
                slot(path, SlotKind.SLOT_KIND_SELECT_ITEM, e.toString(), "shows " + Phrasing.expression(e), names.elements());
                if (Phrasing.isAggregate(e)) {
                    String fn = ((Function) e).getName().toUpperCase(Locale.ROOT);
                    slot(path + "/aggregate", SlotKind.SLOT_KIND_AGGREGATE, fn, "aggregated as " + Phrasing.expression(e), names.elements());
                }
            }
        }
    }

    private void fromAndJoins(PlainSelect ps, List<FromItem> items, String prefix) {
        for (int i = 0; i < items.size(); i++) {
            FromItem f = items.get(i);
            String value = fromValue(f);
            List<String> el = f instanceof Table ? List.of(value) : List.of();
            if (i == 0) {
                slot(prefix + "from[0]", SlotKind.SLOT_KIND_FROM, value, "reads " + Phrasing.words(value), el);
            } else {
                Join j = ps.getJoins().get(i - 1);
                String kind = joinKind(j);
                slot(prefix + "join[" + i + "]", SlotKind.SLOT_KIND_JOIN, kind + " " + value,
                        "joins " + Phrasing.words(value), el);
            }
        }
    }

    private void joinConditions(PlainSelect ps, String prefix, boolean slotted) {
        if (ps.getJoins() == null) return;
        for (int i = 0; i < ps.getJoins().size(); i++) {
            Join j = ps.getJoins().get(i);
            for (Expression on : j.getOnExpressions()) {
                names.visit(on, "join");
                if (slotted) slot(prefix + "join[" + (i + 1) + "]/on", SlotKind.SLOT_KIND_JOIN, on.toString(),
                        "joined on " + Phrasing.expression(on), names.elements());
            }
            if (j.getUsingColumns() != null && !j.getUsingColumns().isEmpty() && slotted)
                slot(prefix + "join[" + (i + 1) + "]/using", SlotKind.SLOT_KIND_JOIN,
                        j.getUsingColumns().stream().map(Column::getColumnName).collect(Collectors.joining(", ")), "joined on shared columns", List.of());
        }
    }

    private void orderAndLimit(List<OrderByElement> order, Limit limit, PlainSelect ps, String prefix, boolean slotted) {
        if (order != null) {
            for (int i = 0; i < order.size(); i++) {
                OrderByElement o = order.get(i);
                if (ps != null) names.visit(o.getExpression(), "order_by");
                String dir = o.isAsc() ? "ASC" : "DESC";
                if (slotted) slot(prefix + "order_by[" + i + "]", SlotKind.SLOT_KIND_ORDER_BY, o.getExpression() + " " + dir,
                        "ordered by " + Phrasing.expression(o.getExpression()) + (o.isAsc() ? ", lowest first" : ", highest first"),
                        ps == null ? List.of() : names.elements());
            }
        }
        if (limit != null && slotted) {
            String v = limit.getRowCount() == null ? limit.toString().trim() : limit.getRowCount().toString();
            if (limit.getOffset() != null) v = v + " OFFSET " + limit.getOffset();
            slot(prefix + "limit", SlotKind.SLOT_KIND_LIMIT, v, "only the first " + v + " rows", List.of());
        }
    }

    private void predicateSlots(Expression e, String path, SlotKind kind, String clauseName) {
        Expression x = QueryShape.unwrap(e);
        if (x instanceof AndExpression || x instanceof OrExpression) {
            boolean and = x instanceof AndExpression;
            List<Expression> parts = new ArrayList<>();
            QueryShape.flatten(x, and, parts);
            for (int i = 0; i < parts.size(); i++)
                predicateSlots(parts.get(i), path + (and ? "/and[" : "/or[") + i + "]", kind, clauseName);
            return;
        }
        names.visit(x, clauseName);
        slot(path, kind, x.toString(), "where " + Phrasing.expression(x), names.elements());
    }

    private String fromValue(FromItem f) {
        if (f instanceof Table t) return schema.tableName(QueryShape.clean(t.getName()));
        return f.toString();
    }

    private static String joinKind(Join j) {
        if (j.isSimple()) return "JOIN";
        if (j.isLeft()) return "LEFT JOIN";
        if (j.isRight()) return "RIGHT JOIN";
        if (j.isFull()) return "FULL JOIN";
        if (j.isCross()) return "CROSS JOIN";
        if (j.isNatural()) return "NATURAL JOIN";
        return "JOIN";
    }

    private void slot(String path, SlotKind kind, String value, String label, List<String> el) {
        slots.add(new Analysis.SlotValue(path, kind, value, label, el == null ? List.of() : List.copyOf(el)));
    }
}
