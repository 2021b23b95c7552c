package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.desc.ColumnDescriptor;
import java.util.ArrayList;
import java.util.List;

/** A PostgreSQL statement read without the capped wrapper: an EXPLAIN, or a statement that returns no columns. */
final class UncappedRead {
    private UncappedRead() {
    }

    /** An EXPLAIN (or a statement without columns): read as it is, its cells cut by the executor. */
    static Uni<QueryResult> read(Uni<PreparedStatement> preparing, ExecutionLimits limits, long started) {
        return preparing.chain(prepared -> {
            var cursor = prepared.cursor();
            return cursor.read(limits.maxRows() + 1)
                    .map(rows -> collect(rows, cursor.hasMore(), limits, started))
                    .onTermination().invoke(() -> closeLater(cursor, prepared));
        });
    }

    /**
     * Closes the cursor and the statement without waiting for the server: the closes are queued on the
     * connection ahead of the ROLLBACK and the reset that end the session, and all go out pipelined, in one
     * round trip. (ROLLBACK would close the portal anyway, and the reset sees any statement left behind.)
     */
    private static void closeLater(io.vertx.mutiny.sqlclient.Cursor cursor, PreparedStatement prepared) {
        cursor.close().subscribe().with(done -> { }, failure -> { });
        PreparedOnConnections.closeLater(prepared);
    }

    private static QueryResult collect(RowSet<Row> rows, boolean more, ExecutionLimits limits, long started) {
        ResultCollector collector = new ResultCollector(limits);
        List<ResultColumn.Builder> columns = new ArrayList<>();
        // a statement that returns no rows (a utility command) has no descriptors at all
        List<ColumnDescriptor> descriptors = rows.getDelegate().columnDescriptors() == null ? List.of()
                : rows.columnDescriptors();
        for (ColumnDescriptor descriptor : descriptors) {
            columns.add(ResultCollector.column(descriptor.name(), descriptor.typeName()));
        }
        collector.columns(columns);
        int width = columns.size();
        for (Row row : rows) {
            List<Cell> cells = new ArrayList<>(width);
            for (int i = 0; i < width; i++) {
                cells.add(collector.cutCell(row.getValue(i)));
            }
            if (!collector.accept(cells)) {
                break;
            }
        }
        if (more && !collector.stopped()) {
            collector.truncated(Truncation.MAX_ROWS);
        }
        return collector.finish((System.nanoTime() - started) / 1000);
    }

}
