package dev.overtone.executor.repository;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The statement wrapped so that the engine itself cuts every wide cell before it is sent, which is
 * what bounds the executor's heap: a value the engine has built (a doubled string, a
 * {@code string_agg} of everything) never reaches the executor whole. Each variable-width column
 * becomes two: the value when its text fits the cut, else NULL; and the first {@code cut}
 * characters when it does not, else NULL. Fixed-width columns (numbers, dates, booleans) pass as
 * they are. The engine cuts by characters; the executor then trims a cut cell to the byte cap.
 *
 * <p>Row order is the statement's: the wrapper is a plain projection over it, which neither engine
 * reorders.
 */
public final class CappedProjection {
    /** Alias of the wrapped statement; columns are renamed by position, so duplicate or empty names are fine. */
    static final String ALIAS = "overtone_capped";
    /** PostgreSQL: each variable-width cell rendered as text once, beside the row. */
    private static final String TEXTS = "overtone_text";

    /** How a column comes back. */
    enum Shape {
        /** Fixed width: one output column, the value itself. */
        FIXED,
        /** Variable width, decoded as its own type when it fits: value column + cut column. */
        TYPED,
        /** Variable width, rendered as text by the engine (arrays, records, ...): value column + cut column. */
        RENDERED
    }

    record Column(String name, String declaredType, Shape shape) {
        int outputs() {
            return shape == Shape.FIXED ? 1 : 2;
        }
    }

    /** PostgreSQL types of bounded size, as the reactive client names them. */
    private static final Set<String> PG_FIXED = Set.of("BOOL", "INT2", "INT4", "INT8", "FLOAT4", "FLOAT8", "DATE",
            "TIME", "TIMETZ", "TIMESTAMP", "TIMESTAMPTZ", "INTERVAL", "UUID", "OID", "MONEY", "CHAR");
    /** Variable-width PostgreSQL types that are text already: measured and cut as they are, with no rendering. */
    private static final Set<String> PG_TEXT = Set.of("TEXT", "VARCHAR");
    /** Variable-width PostgreSQL types the client decodes compactly; others are rendered as text. */
    private static final Set<String> PG_TYPED = Set.of("TEXT", "VARCHAR", "BPCHAR", "NAME", "JSON", "JSONB",
            "NUMERIC", "BYTEA");

    private final List<Column> columns;
    private final String sql;
    private final int cut;

    private CappedProjection(List<Column> columns, String sql, int cut) {
        this.columns = columns;
        this.sql = sql;
        this.cut = cut;
    }

    List<Column> columns() {
        return columns;
    }

    /** The wrapped statement to run. */
    public String sql() {
        return sql;
    }

    /** Characters a variable-width cell keeps at most. */
    int cut() {
        return cut;
    }

    /**
     * True when no column needs cutting (every one of a fixed width): the statement can be read as it is, its
     * rows bounded by the fetch batch ({@link #worstRowBytes}).
     */
    boolean bare() {
        return variableColumns() == 0;
    }

    int variableColumns() {
        return (int) columns.stream().filter(c -> c.shape() != Shape.FIXED).count();
    }

    /** Worst-case bytes of one row as PostgreSQL sends it (text cells at most {@code cut} bytes), for fetch batches. */
    long worstRowBytes() {
        long bytes = 0;
        for (Column column : columns) {
            bytes += column.shape() == Shape.FIXED ? 64 : cut;
        }
        return Math.max(1, bytes);
    }

    /**
     * PostgreSQL: {@code SELECT ... FROM (SELECT * FROM (<sql>) OFFSET 0) overtone_capped(c1, ..., cn)},
     * the text of every variable-width column measured with {@code octet_length(c::text)}.
     */
    public static CappedProjection postgres(String sql, List<String> names, List<String> typeNames,
            java.util.function.IntUnaryOperator cutForVariableColumns) {
        List<Column> columns = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String type = typeNames.get(i) == null ? "" : typeNames.get(i).toUpperCase(Locale.ROOT);
            Shape shape = PG_FIXED.contains(type) ? Shape.FIXED : PG_TYPED.contains(type) ? Shape.TYPED : Shape.RENDERED;
            columns.add(new Column(names.get(i), typeNames.get(i), shape));
        }
        int variable = (int) columns.stream().filter(c -> c.shape() != Shape.FIXED).count();
        int cut = cutForVariableColumns.applyAsInt(variable);
        StringBuilder select = new StringBuilder("SELECT ");
        StringBuilder aliases = new StringBuilder();
        StringBuilder texts = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            String c = ALIAS + ".c" + (i + 1);
            aliases.append(i == 0 ? "" : ", ").append("c").append(i + 1);
            if (i > 0) {
                select.append(", ");
            }
            Column column = columns.get(i);
            if (column.shape() == Shape.FIXED) {
                select.append(c);
                continue;
            }
            // a text column is measured and cut as it is: a column of the fenced sub-query is computed once a row
            String text = c;
            if (column.shape() != Shape.TYPED || column.declaredType() == null
                    || !PG_TEXT.contains(column.declaredType().toUpperCase(Locale.ROOT))) {
                text = TEXTS + ".t" + (i + 1);
                texts.append(texts.length() == 0 ? "" : ", ").append(c).append("::text AS t").append(i + 1);
            }
            String fits = "octet_length(" + text + ") <= " + cut;
            String value = column.shape() == Shape.TYPED ? c : text;
            // the cut keeps `cut` characters when they fit in `cut` bytes (ASCII), else a quarter of them:
            // never more than `cut` bytes on the wire, whatever the characters
            String head = "left(" + text + ", " + cut + ")";
            select.append("CASE WHEN ").append(fits).append(" THEN ").append(value).append(" END, ")
                    .append("CASE WHEN NOT ").append(fits).append(" THEN CASE WHEN octet_length(").append(head)
                    .append(") <= ").append(cut).append(" THEN ").append(head).append(" ELSE left(").append(text)
                    .append(", ").append(Math.max(1, cut / 4)).append(") END END");
        }
        // OFFSET 0 keeps the planner from pulling the statement (and the text renderings) up into the
        // projection, which would evaluate a repeat(), a string_agg or an array's text once per reference
        select.append(" FROM (SELECT * FROM (\n").append(sql).append("\n) AS overtone_statement OFFSET 0) AS ")
                .append(ALIAS).append(" (").append(aliases).append(')');
        if (texts.length() > 0) {
            select.append(" CROSS JOIN LATERAL (SELECT ").append(texts).append(" OFFSET 0) AS ").append(TEXTS);
        }
        return new CappedProjection(columns, select.toString(), cut);
    }

    /**
     * SQLite: {@code WITH overtone_capped(c1, ..., cn) AS (<sql>) SELECT ...}; any column may hold
     * any type, so every one is measured ({@code octet_length}, blobs counted as their hex text).
     */
    public static CappedProjection sqlite(String sql, List<String> names, List<String> declaredTypes,
            java.util.function.IntUnaryOperator cutForVariableColumns) {
        List<Column> columns = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            columns.add(new Column(names.get(i), declaredTypes.get(i), Shape.TYPED));
        }
        int cut = cutForVariableColumns.applyAsInt(columns.size());
        StringBuilder aliases = new StringBuilder();
        StringBuilder select = new StringBuilder(" SELECT ");
        for (int i = 0; i < columns.size(); i++) {
            String c = "c" + (i + 1);
            aliases.append(i == 0 ? "" : ", ").append(c);
            if (i > 0) {
                select.append(", ");
            }
            String fits = "octet_length(" + c + ") * (1 + (typeof(" + c + ") = 'blob')) <= " + cut;
            select.append("CASE WHEN ").append(fits).append(" THEN ").append(c).append(" END, ")
                    .append("CASE WHEN NOT ").append(fits).append(" THEN substr(").append(c).append(", 1, ")
                    .append(cut).append(") END");
        }
        String wrapped = "WITH " + ALIAS + " (" + aliases + ") AS (\n" + sql + "\n)" + select + " FROM " + ALIAS;
        return new CappedProjection(columns, wrapped, cut);
    }

    /**
     * The cells of one output row ({@code value.apply(i)} is output column i, from 0), a cut cell
     * trimmed to {@link #cut()} bytes and noted in the collector under {@code cause}.
     */
    List<Cell> cells(IntFunction<Object> value, ResultCollector collector, Truncation cause, boolean sqliteValues) {
        List<Cell> cells = new ArrayList<>(columns.size());
        int j = 0;
        for (Column column : columns) {
            Object v = value.apply(j);
            if (column.shape() == Shape.FIXED) {
                cells.add(Cells.of(v));
                j++;
                continue;
            }
            Object cutText = value.apply(j + 1);
            j += 2;
            if (cutText != null) {
                collector.truncated(cause);
                cells.add(cutCell(column, cutText, sqliteValues));
            } else if (v == null || column.shape() == Shape.TYPED) {
                cells.add(Cells.of(v));
            } else {
                cells.add(Cells.cell(renderedType(column), v.toString()));
            }
        }
        return cells;
    }

    private Cell cutCell(Column column, Object cutText, boolean sqliteValues) {
        Cell raw;
        if (sqliteValues) {
            raw = Cells.of(cutText); // substr keeps the storage class: TEXT or BLOB (as hex)
        } else if (column.shape() == Shape.RENDERED) {
            raw = Cells.cell(renderedType(column), cutText.toString());
        } else if ("BYTEA".equalsIgnoreCase(column.declaredType())) {
            raw = Cells.cell(ValueType.VALUE_TYPE_BLOB, cutText.toString().replaceFirst("^\\\\x", ""));
        } else {
            ValueType type = ValueTypes.fromDeclared(column.declaredType());
            raw = Cells.cell(type == ValueType.VALUE_TYPE_NULL || type == ValueType.VALUE_TYPE_UNSPECIFIED
                    ? ValueType.VALUE_TYPE_TEXT : type, cutText.toString());
        }
        return Cells.cell(raw.getType(), ResultCollector.cutToBytes(raw.getText(), cut));
    }

    /** Arrays stay OTHER (as the client's arrays were); enums, domains and the like read as text. */
    private static ValueType renderedType(Column column) {
        String type = column.declaredType() == null ? "" : column.declaredType().toUpperCase(Locale.ROOT);
        return type.contains("ARRAY") ? ValueType.VALUE_TYPE_OTHER : ValueType.VALUE_TYPE_TEXT;
    }
}
