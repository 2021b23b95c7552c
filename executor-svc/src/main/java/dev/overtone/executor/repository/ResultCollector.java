package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Gathers rows within the row and byte limits, the one place both engines enforce the result's
 * caps (the engines cut cells before they are read, see {@link CappedProjection}). Feed it
 * columns, then rows until {@link #accept} answers false.
 */
final class ResultCollector {
    static final Cell NULL = Cell.newBuilder().setType(ValueType.VALUE_TYPE_NULL).build();

    private final ExecutionLimits limits;
    private final List<Row> rows = new ArrayList<>();
    private final List<ResultColumn.Builder> columns = new ArrayList<>();
    private final Set<Truncation> truncatedBy = EnumSet.noneOf(Truncation.class);
    private long bytes;
    private boolean refusedHolding;

    ResultCollector(ExecutionLimits limits) {
        this.limits = limits;
    }

    void columns(List<ResultColumn.Builder> declared) {
        if (declared.size() > limits.maxColumns()) {
            throw SandboxException.invalid("the result has " + declared.size() + " columns; the limit is "
                    + limits.maxColumns());
        }
        columns.addAll(declared);
    }

    /**
     * A value read as the engine returned it, its text cut to {@code max-cell-bytes} (and the result
     * flagged) where the engine could not cut it itself (EXPLAIN plans, statements without columns).
     */
    Cell cutCell(Object value) {
        Cell cell = Cells.of(value);
        String text = cutToBytes(cell.getText(), limits.maxCellBytes());
        if (text.length() == cell.getText().length()) {
            return cell;
        }
        truncated(Truncation.MAX_CELL_BYTES);
        return Cells.cell(cell.getType(), text);
    }

    /** Adds a row; false when the limits are reached (the row is then left out and the result truncated). */
    boolean accept(List<Cell> cells) {
        if (rows.size() >= limits.maxRows()) {
            truncatedBy.add(Truncation.MAX_ROWS);
            return false;
        }
        long size = 0;
        for (Cell cell : cells) {
            size += utf8Length(cell.getText());
        }
        if (bytes + size > limits.maxBytes()) {
            truncatedBy.add(Truncation.MAX_BYTES);
            return false;
        }
        if (!limits.held().take(size)) {
            refusedHolding = true;
            limits.held().giveBack(bytes); // this result will not be answered: its rows need not be held
            return false;
        }
        bytes += size;
        for (int i = 0; i < cells.size() && i < columns.size(); i++) {
            ResultColumn.Builder column = columns.get(i);
            ValueType type = cells.get(i).getType();
            if (column.getValueType() == ValueType.VALUE_TYPE_UNSPECIFIED && type != ValueType.VALUE_TYPE_NULL) {
                column.setValueType(type);
            }
        }
        rows.add(Row.newBuilder().addAllCells(cells).build());
        return true;
    }

    /** The result; RESOURCE_EXHAUSTED when the replica held too much to take its rows (HeldResults). */
    QueryResult finish(long elapsedMicros) {
        if (refusedHolding) {
            throw SandboxException.exhausted(limits.held().refusal());
        }
        List<ResultColumn> built = new ArrayList<>(columns.size());
        for (ResultColumn.Builder column : columns) {
            if (column.getValueType() == ValueType.VALUE_TYPE_UNSPECIFIED) {
                column.setValueType(ValueType.VALUE_TYPE_NULL);
            }
            built.add(column.build());
        }
        return new QueryResult(built, rows, truncatedBy.isEmpty() ? Set.of() : EnumSet.copyOf(truncatedBy),
                elapsedMicros);
    }

    /** Notes that a cap cut the result (a cell cut by the engine, rows left unread). */
    void truncated(Truncation cause) {
        truncatedBy.add(cause);
    }

    boolean stopped() {
        return truncatedBy.contains(Truncation.MAX_ROWS) || truncatedBy.contains(Truncation.MAX_BYTES);
    }

    int maxRows() {
        return limits.maxRows();
    }

    int rowCount() {
        return rows.size();
    }

    /**
     * The longest prefix of {@code text} whose UTF-8 form fits in {@code maxBytes}, never splitting a
     * character; the text itself when it fits.
     */
    static String cutToBytes(String text, int maxBytes) {
        if (text.length() <= maxBytes / 3 || utf8Length(text) <= maxBytes) {
            return text;
        }
        int used = 0;
        int i = 0;
        while (i < text.length()) {
            int codePoint = text.codePointAt(i);
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (used + size > maxBytes) {
                break;
            }
            used += size;
            i += Character.charCount(codePoint);
        }
        return text.substring(0, i);
    }

    static long utf8Length(String text) {
        int n = text.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) {
            ascii = text.charAt(i) < 0x80;
        }
        return ascii ? n : text.getBytes(StandardCharsets.UTF_8).length;
    }

    static ResultColumn.Builder column(String name, String declaredType) {
        return ResultColumn.newBuilder().setName(name == null ? "" : name)
                .setDeclaredType(declaredType == null ? "" : declaredType)
                .setValueType(declaredType == null || declaredType.isBlank() ? ValueType.VALUE_TYPE_UNSPECIFIED
                        : ValueTypes.fromDeclared(declaredType));
    }
}
