package dev.overtone.cli;

import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with columns sized to their content. Cells are tenant data: each is flattened to one line, its
 * control characters (a terminal's escape sequences among them) shown as U+FFFD, and clipped without splitting a
 * character.
 */
final class TextTable {

    private static final int MAX_CELL = 40;

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> header) {
        this.header = header;
    }

    static TextTable of(List<ResultColumn> columns, List<Row> rows) {
        TextTable table = new TextTable(columns.stream().map(ResultColumn::getName).toList());
        rows.forEach(row -> table.add(row.getCellsList().stream().map(TextTable::text).toList()));
        return table;
    }

    static String text(Cell cell) {
        return cell.getType() == ValueType.VALUE_TYPE_NULL ? "NULL" : cell.getText();
    }

    TextTable add(List<String> row) {
        rows.add(row);
        return this;
    }

    void print(PrintWriter out, String indent) {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = clip(header.get(c)).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], clip(cell(row, c)).length());
            }
        }
        printRow(out, indent, header, widths);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            rule.append(c == 0 ? "" : "-+-").append("-".repeat(widths[c]));
        }
        out.println(indent + rule);
        rows.forEach(row -> printRow(out, indent, row, widths));
    }

    private static void printRow(PrintWriter out, String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int c = 0; c < widths.length; c++) {
            String cell = clip(cell(cells, c));
            line.append(c == 0 ? "" : " | ").append(cell).append(" ".repeat(widths[c] - cell.length()));
        }
        out.println(line.toString().stripTrailing());
    }

    private static String cell(List<String> cells, int column) {
        return column < cells.size() ? cells.get(column) : "";
    }

    static String clip(String text) {
        String flat = text.replaceAll("\\s+", " ").replaceAll("\\p{Cc}", "\uFFFD");
        if (flat.codePointCount(0, flat.length()) <= MAX_CELL) {
            return flat;
        }
        return flat.substring(0, flat.offsetByCodePoints(0, MAX_CELL - 1)) + "…";
    }
}
