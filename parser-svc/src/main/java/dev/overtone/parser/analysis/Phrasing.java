package dev.overtone.parser.analysis;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Plain-English phrases for names and expressions; deterministic, no model. */
public final class Phrasing {

    public static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "AVG", "MIN", "MAX", "GROUP_CONCAT", "STRING_AGG", "TOTAL");

    /** Compiled once: words() runs for every column and name a request phrases. */
    private static final Pattern CAMEL_CASE = Pattern.compile("([a-z0-9])([A-Z])");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private Phrasing() {
    }

    /** "StarRating" / "star_rating" -> "star rating". */
    public static String words(String name) {
        if (name == null) return "";
        String s = name.replace("\"", "").replace("`", "");
        s = CAMEL_CASE.matcher(s).replaceAll("$1 $2").replace('_', ' ').replace('-', ' ');
        return SPACES.matcher(s.toLowerCase(Locale.ROOT)).replaceAll(" ").trim();
    }

    public static boolean isAggregate(Expression e) {
        return e instanceof Function f && f.getName() != null && AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT));
    }

    /** Columns as "stars of hotels" (the qualifier as written: slot values carry real table names). */
    public static String expression(Expression e) {
        return expression(e, Phrasing::qualifiedColumn);
    }

    private static String qualifiedColumn(Column c) {
        String col = words(c.getColumnName());
        return c.getTable() == null || c.getTable().getName() == null ? col : col + " of " + words(c.getTable().getName());
    }

    /** The expression in words, with each column named by {@code column} (e.g. resolving aliases to tables). */
    public static String expression(Expression e, java.util.function.Function<Column, String> column) {
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) return expression(p.get(0), column);
        if (e instanceof Column c) return column.apply(c);
        if (e instanceof AllColumns) return "all columns";
        if (e instanceof StringValue s) return "\"" + s.getValue() + "\"";
        if (e instanceof LongValue l) return l.getStringValue();
        if (e instanceof Function f && f.getName() != null) {
            String name = f.getName().toUpperCase(Locale.ROOT);
            ExpressionList<?> params = f.getParameters();
            String arg = params == null || params.isEmpty() ? (f.isAllColumns() ? "rows" : "")
                    : params.stream().map(x -> expression((Expression) x, column)).collect(Collectors.joining(", "));
            if (f.isAllColumns() || (params != null && params.size() == 1 && params.get(0) instanceof AllColumns)) arg = "rows";
            String distinct = f.isDistinct() ? "distinct " : "";
            return switch (name) {
                case "COUNT" -> "number of " + distinct + arg;
                case "SUM", "TOTAL" -> "total " + distinct + arg;
                case "AVG" -> "average " + distinct + arg;
                case "MIN" -> "lowest " + arg;
                case "MAX" -> "highest " + arg;
                default -> words(name) + " of " + arg;
            };
        }
        if (e instanceof AndExpression a) return expression(a.getLeftExpression(), column) + " and " + expression(a.getRightExpression(), column);
        if (e instanceof OrExpression o) return expression(o.getLeftExpression(), column) + " or " + expression(o.getRightExpression(), column);
        if (e instanceof ComparisonOperator c) {
            String op = switch (c.getStringExpression()) {
                case "=" -> "is";
                case "<>", "!=" -> "is not";
                case ">" -> "is greater than";
                case ">=" -> "is at least";
                case "<" -> "is less than";
                case "<=" -> "is at most";
                default -> c.getStringExpression();
            };
            return expression(c.getLeftExpression(), column) + " " + op + " " + expression(c.getRightExpression(), column);
        }
        if (e instanceof LikeExpression l)
            return expression(l.getLeftExpression(), column) + (l.isNot() ? " does not match " : " matches ") + expression(l.getRightExpression(), column);
        if (e instanceof InExpression in) {
            String right = in.getRightExpression() instanceof ExpressionList<?> list
                    ? list.stream().map(x -> expression((Expression) x, column)).collect(Collectors.joining(", "))
                    : "the results of a subquery";
            return expression(in.getLeftExpression(), column) + (in.isNot() ? " is not one of " : " is one of ") + right;
        }
        if (e instanceof Between b)
            return expression(b.getLeftExpression(), column) + " is between " + expression(b.getBetweenExpressionStart(), column) + " and "
                    + expression(b.getBetweenExpressionEnd(), column);
        if (e instanceof IsNullExpression n) return expression(n.getLeftExpression(), column) + (n.isNot() ? " is known" : " is missing");
        if (e instanceof ParenthesedSelect) return "the result of a subquery";
        return e.toString();
    }
}
