package dev.overtone.parser.analysis;

import dev.overtone.parser.dialect.DialectRewriter;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/** The FROM clause of one plain SELECT as the variant families see it: alias -> schema table. */
public final class QueryShape {

    public final PlainSelect select;
    public final Map<String, String> aliasToTable = new LinkedHashMap<>();
    public final SchemaIndex schema;

    public QueryShape(PlainSelect select, SchemaIndex schema) {
        this.select = select;
        this.schema = schema;
        for (FromItem f : LevelWalk.fromItems(select)) {
            if (f instanceof Table t) {
                String name = schema.tableName(clean(t.getName()));
                String alias = f.getAlias() == null ? name : clean(f.getAlias().getName());
                aliasToTable.put(alias.toLowerCase(Locale.ROOT), name);
                aliasToTable.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
            }
        }
    }

    public static PlainSelect plain(Select s) {
        if (s instanceof PlainSelect p) return p;
        if (s instanceof ParenthesedSelect p) return plain(p.getSelect());
        return null;
    }

    public static Expression unwrap(Expression e) {
        while (e instanceof net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<?> p && p.size() == 1)
            e = (Expression) p.get(0);
        return e;
    }

    /** The operands of a chain of ANDs (and=true) or ORs, parentheses looked through. */
    public static void flatten(Expression e, boolean and, List<Expression> out) {
        Expression x = unwrap(e);
        if (and && x instanceof net.sf.jsqlparser.expression.operators.conditional.AndExpression a) {
            flatten(a.getLeftExpression(), true, out);
            flatten(a.getRightExpression(), true, out);
        } else if (!and && x instanceof net.sf.jsqlparser.expression.operators.conditional.OrExpression o) {
            flatten(o.getLeftExpression(), false, out);
            flatten(o.getRightExpression(), false, out);
        } else {
            out.add(x);
        }
    }

    public static String clean(String name) {
        if (name == null) return "";
        String n = name.trim();
        if (n.length() >= 2 && (n.startsWith("\"") || n.startsWith("`") || n.startsWith("["))) n = n.substring(1, n.length() - 1);
        return n;
    }

    /** The schema table a column of this SELECT belongs to, or null. */
    public String owner(Column c) {
        if (c.getTable() != null && c.getTable().getName() != null) {
            String q = clean(c.getTable().getName()).toLowerCase(Locale.ROOT);
            return aliasToTable.get(q);
        }
        String col = clean(c.getColumnName());
        String found = null;
        for (String t : new java.util.LinkedHashSet<>(aliasToTable.values())) {
            if (schema.column(t, col).isPresent()) {
                if (found != null) return null;
                found = t;
            }
        }
        return found;
    }

    /** Visits every column of the SELECT's own clauses (not of its subqueries). */
    public void forEachColumn(Consumer<Column> action) {
        LevelWalk.forEachColumn(LevelWalk.clauses(select), false, action);
    }

    public static String quote(String name) {
        return DialectRewriter.plainIdentifier(name) ? name : "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
