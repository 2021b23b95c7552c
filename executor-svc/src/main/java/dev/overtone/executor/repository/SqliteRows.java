package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A SQLite result read into typed cells, from its first stepped row ({@code first}: whether there is one). */
final class SqliteRows {
    private SqliteRows() {
    }

    static QueryResult collectCapped(ResultSet rows, boolean first, CappedProjection capped,
            ExecutionLimits limits, long started) throws SQLException {
        ResultCollector collector = new ResultCollector(limits);
        List<ResultColumn.Builder> columns = new ArrayList<>();
        for (CappedProjection.Column column : capped.columns()) {
            columns.add(ResultCollector.column(column.name(), column.declaredType()));
        }
        collector.columns(columns);
        Truncation cause = limits.rowCapBinds(capped.variableColumns()) ? Truncation.MAX_ROW_BYTES
                : Truncation.MAX_CELL_BYTES;
        SQLException[] failure = new SQLException[1];
        for (boolean more = first; more; more = rows.next()) {
            List<Cell> cells = capped.cells(j -> {
                try {
                    return rows.getObject(j + 1);
                } catch (SQLException e) {
                    failure[0] = e;
                    return null;
                }
            }, collector, cause, true);
            if (failure[0] != null) {
                throw failure[0];
            }
            if (!collector.accept(cells)) {
                break;
            }
        }
        return collector.finish((System.nanoTime() - started) / 1000);
    }

    static QueryResult collect(ResultSet rows, boolean first, ExecutionLimits limits, long started)
            throws SQLException {
        ResultCollector collector = new ResultCollector(limits);
        ResultSetMetaData meta = rows.getMetaData();
        int width = meta.getColumnCount();
        List<ResultColumn.Builder> columns = new ArrayList<>(width);
        for (int i = 1; i <= width; i++) {
            String declared = meta.getColumnTypeName(i);
            columns.add(ResultCollector.column(meta.getColumnLabel(i), "NULL".equalsIgnoreCase(declared) ? "" : declared));
        }
        collector.columns(columns);
        for (boolean more = first; more; more = rows.next()) {
            List<Cell> cells = new ArrayList<>(width);
            for (int i = 1; i <= width; i++) {
                cells.add(collector.cutCell(rows.getObject(i)));
            }
            if (!collector.accept(cells)) {
                break;
            }
        }
        return collector.finish((System.nanoTime() - started) / 1000);
    }
}
