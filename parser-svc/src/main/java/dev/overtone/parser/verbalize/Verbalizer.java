package dev.overtone.parser.verbalize;

import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.analysis.QueryParser;
import dev.overtone.parser.analysis.QueryShape;
import dev.overtone.parser.analysis.SchemaIndex;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A deterministic plain-English reading of a SELECT, e.g. "the name and average review score of each
 * hotel". Aliases never show: every column is named through the table it belongs to. The FROM's first
 * table is the subject; a column of another table is prefixed with that table's singular ("review
 * score"); grouping by the subject's key reads "of each hotel", grouping by other columns "for each city".
 */
public final class Verbalizer {

    public String verbalize(String sql, SchemaIndex schema) {
        SchemaIndex s = schema == null ? SchemaIndex.EMPTY : schema;
        return select(QueryParser.parse(sql, s), s);
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
            // an ORDER BY over a set operation names its output columns, which have no table
            Sentence bare = new Sentence(null, schema);
            return b + bare.order(set.getOrderByElements()) + limit(set.getLimit());
        }
        PlainSelect ps = QueryShape.plain(s);
        if (ps == null) return s.toString();
        return new Sentence(new QueryShape(ps, schema), schema).plain(ps);
    }

    /** The words for one plain SELECT, with its FROM clause to resolve columns through. */
    private static final class Sentence {
        private final QueryShape shape;
        private final SchemaIndex schema;
        private final String subject;
        private final List<String> tables;
        private final Map<String, String> itemAliases = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private final List<String> shownItems = new ArrayList<>();

        Sentence(QueryShape shape, SchemaIndex schema) {
            this.shape = shape;
            this.schema = schema;
            this.tables = shape == null ? List.of() : List.copyOf(new LinkedHashSet<>(shape.aliasToTable.values()));
            this.subject = tables.isEmpty() ? null : tables.get(0);
        }

        String plain(PlainSelect ps) {
            boolean grouped = ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null
                    && !ps.getGroupBy().getGroupByExpressionList().isEmpty();
            boolean perSubject = grouped && groupsBySubjectKey(ps);
            boolean listing = !grouped && ps.getSelectItems().stream().noneMatch(i -> Phrasing.isAggregate(i.getExpression()));
            List<String> shown = new ArrayList<>();
            for (SelectItem<?> item : ps.getSelectItems()) {
                String phrase = item(item.getExpression(), listing);
                shown.add(phrase);
                shownItems.add(phrase);
                if (item.getAlias() != null) itemAliases.put(QueryShape.clean(item.getAlias().getName()), phrase);
            }
            StringBuilder b = new StringBuilder("the ");
            if (ps.getDistinct() != null) b.append("distinct ");
            b.append(list(shown));
            if (subject != null) {
                String entities = plural(singular(Phrasing.words(subject)));
                if (perSubject) {
                    b.append(" of each ").append(singular(Phrasing.words(subject)));
                } else if (!b.toString().contains(entities)) {
                    b.append(" of ").append(ps.getWhere() == null && !grouped ? "all " : "").append(entities);
                }
                List<String> others = new ArrayList<>();
                for (String t : tables.subList(1, tables.size())) {
                    String words = Phrasing.words(t);
                    if (!b.toString().contains(singular(words))) others.add(plural(singular(words)));
                }
                if (!others.isEmpty()) b.append(" with their ").append(String.join(" and ", others));
            }
            String where = ps.getWhere() == null ? "" : conditions(ps.getWhere());
            if (!where.isEmpty()) b.append(" where ").append(where);
            if (grouped && !perSubject) {
                List<String> groups = new ArrayList<>();
                for (Object g : ps.getGroupBy().getGroupByExpressionList()) groups.add(expression((Expression) g));
                b.append(", for each ").append(String.join(" and ", groups));
            }
            if (ps.getHaving() != null) b.append(", keeping those where ").append(expression(ps.getHaving()));
            return b + order(ps.getOrderByElements()) + limit(ps.getLimit());
        }

        /** WHERE conjuncts in words, leaving out the join conditions of a comma join (a.x = b.y across tables). */
        private String conditions(Expression where) {
            List<Expression> conjuncts = new ArrayList<>();
            QueryShape.flatten(where, true, conjuncts);
            List<String> kept = new ArrayList<>();
            for (Expression c : conjuncts) if (!joinsTwoTables(c)) kept.add(expression(c));
            return String.join(" and ", kept);
        }

        private boolean joinsTwoTables(Expression e) {
            if (!(e instanceof net.sf.jsqlparser.expression.operators.relational.EqualsTo eq)) return false;
            if (!(eq.getLeftExpression() instanceof Column l) || !(eq.getRightExpression() instanceof Column r)) return false;
            String a = shape.owner(l);
            String b = shape.owner(r);
            return a != null && b != null && (!a.equals(b) || !sameQualifier(l, r));
        }

        private static boolean sameQualifier(Column l, Column r) {
            String a = l.getTable() == null ? "" : String.valueOf(l.getTable().getName());
            String b = r.getTable() == null ? "" : String.valueOf(r.getTable().getName());
            return a.equalsIgnoreCase(b);
        }

        /** GROUP BY names the subject's primary key (or every column of it): one group per subject row. */
        private boolean groupsBySubjectKey(PlainSelect ps) {
            Set<String> key = new LinkedHashSet<>();
            schema.table(subject).ifPresent(t -> {
                t.getPrimaryKeyList().forEach(k -> key.add(k.toLowerCase(Locale.ROOT)));
                t.getColumnsList().stream().filter(c -> c.getPrimaryKey()).forEach(c -> key.add(c.getName().toLowerCase(Locale.ROOT)));
            });
            if (key.isEmpty()) return false;
            Set<String> grouped = new LinkedHashSet<>();
            for (Object g : ps.getGroupBy().getGroupByExpressionList()) {
                if (g instanceof Column c && subject.equals(shape.owner(c)))
                    grouped.add(QueryShape.clean(c.getColumnName()).toLowerCase(Locale.ROOT));
            }
            return grouped.containsAll(key);
        }

        private String item(Expression e, boolean listing) {
            if (e instanceof Column c) return listing ? plural(column(c)) : column(c);
            if (e instanceof AllColumns) return "all details";
            if (e instanceof Function f && "COUNT".equalsIgnoreCase(f.getName()) && countsRows(f)) return "number of " + countedRows();
            return expression(e);
        }

        /** COUNT(*) counts the rows of the last joined table (a hotel's reviews), or the subject's. */
        private String countedRows() {
            if (tables.isEmpty()) return "rows";
            return plural(singular(Phrasing.words(tables.get(tables.size() - 1))));
        }

        private static boolean countsRows(Function f) {
            return f.isAllColumns() || (f.getParameters() != null && f.getParameters().size() == 1 && f.getParameters().get(0) instanceof AllColumns);
        }

        private String expression(Expression e) {
            if (e instanceof Function f && "COUNT".equalsIgnoreCase(f.getName()) && countsRows(f)) return "number of " + countedRows();
            return Phrasing.expression(e, this::column);
        }

        /**
         * A column in words: bare for the subject's own columns ("stars"), with the singular of its
         * table for another table's ("review score"), an output alias as the item it names; the
         * qualifier as written (an alias) never shows.
         */
        String column(Column c) {
            String words = Phrasing.words(QueryShape.clean(c.getColumnName()));
            if (c.getTable() == null || c.getTable().getName() == null) {
                String named = itemAliases.get(QueryShape.clean(c.getColumnName()));
                if (named != null && (shape == null || shape.owner(c) == null)) return named;
            }
            String owner = shape == null ? null : shape.owner(c);
            if (owner == null || owner.equals(subject)) return words;
            String table = singular(Phrasing.words(owner));
            return (" " + words + " ").contains(" " + table + " ") ? words : table + " " + words;
        }

        String order(List<OrderByElement> order) {
            if (order == null || order.isEmpty()) return "";
            OrderByElement o = order.get(0);
            String by = o.getExpression() instanceof net.sf.jsqlparser.expression.LongValue n && n.getValue() >= 1 && n.getValue() <= shownItems.size()
                    ? shownItems.get((int) n.getValue() - 1) : expression(o.getExpression());
            // "highest highest score first" would stutter
            if (by.startsWith("highest ") || by.startsWith("lowest ")) return ", by " + by + (o.isAsc() ? ", smallest first" : ", largest first");
            return ", " + (o.isAsc() ? "lowest " : "highest ") + by + " first";
        }
    }

    private static String limit(Limit limit) {
        if (limit == null || limit.getRowCount() == null) return "";
        String n = limit.getRowCount().toString();
        return n.equals("1") ? ", only the first one" : ", only the first " + n;
    }

    /** "hotels" -> "hotel", "categories" -> "category", "addresses" -> "address"; the last word only. */
    static String singular(String words) {
        int space = words.lastIndexOf(' ');
        String head = words.substring(0, space + 1);
        String w = words.substring(space + 1);
        if (w.length() <= 3 || w.endsWith("ss") || w.endsWith("us") || w.endsWith("is")) return words;
        if (w.endsWith("ies")) return head + w.substring(0, w.length() - 3) + "y";
        if (w.endsWith("sses") || w.endsWith("shes") || w.endsWith("ches") || w.endsWith("xes") || w.endsWith("zes"))
            return head + w.substring(0, w.length() - 2);
        if (w.endsWith("s")) return head + w.substring(0, w.length() - 1);
        return words;
    }

    static String plural(String w) {
        if (w.isEmpty() || w.endsWith("s")) return w;
        if (w.endsWith("y") && w.length() > 2 && "aeiou".indexOf(w.charAt(w.length() - 2)) < 0) return w.substring(0, w.length() - 1) + "ies";
        if (w.endsWith("x") || w.endsWith("ch") || w.endsWith("sh")) return w + "es";
        return w + "s";
    }

    private static String list(List<String> parts) {
        if (parts.size() <= 1) return parts.isEmpty() ? "rows" : parts.get(0);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }
}
