package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.proto.v1.ResultColumn;
import io.vertx.core.Future;
import io.vertx.sqlclient.Cursor;
import io.vertx.sqlclient.PreparedStatement;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads a capped statement (the wrapper, or a statement of fixed-width columns as it is) through a cursor, in
 * batches no larger than {@code fetch-bytes} in the worst case (every cell at its cut), counting bytes as they come,
 * and stops at the first cap. A statement that ran well is kept prepared on its connection (while the reset lets
 * statements be kept); one that failed is closed, and dropped if it was kept. Plain Vert.x futures
 * ({@link VertxFutures}).
 */
final class CappedRead {
    private final PostgresSessions sessions;
    private final PreparedOnConnections statements;
    private final long fetchBytes;

    CappedRead(PostgresSessions sessions, long fetchBytes) {
        this.sessions = sessions;
        this.statements = sessions.statements();
        this.fetchBytes = fetchBytes;
    }

    /**
     * @param text what the statement is kept under on the connection
     * @param gone set when the caller has gone: no further batch is fetched
     */
    Future<QueryResult> read(SqlConnection connection, Future<PreparedStatement> preparing, CappedProjection capped,
            ExecutionLimits limits, long started, String text, AtomicBoolean gone) {
        ResultCollector collector = new ResultCollector(limits);
        List<ResultColumn.Builder> columns = new ArrayList<>();
        for (CappedProjection.Column column : capped.columns()) {
            columns.add(ResultCollector.column(column.name(), column.declaredType()));
        }
        collector.columns(columns);
        int batch = (int) Math.max(1, Math.min(limits.maxRows() + 1L, fetchBytes / capped.worstRowBytes()));
        Truncation cause = limits.rowCapBinds(capped.variableColumns()) ? Truncation.MAX_ROW_BYTES
                : Truncation.MAX_CELL_BYTES;
        sessions.executes(connection, true); // described as returning rows (the wrapper always does)
        return preparing.compose(prepared -> {
            // the cursor's portal is not closed: the ROLLBACK that ends every call drops it, one message and one
            // server flush fewer per call
            Cursor cursor = prepared.cursor();
            return batches(cursor, batch, capped, collector, cause, gone)
                    .map(done -> collector.finish((System.nanoTime() - started) / 1000))
                    .andThen(done -> {
                        if (done.succeeded() && sessions.keeping()) {
                            statements.keep(connection, text, prepared);
                        } else {
                            statements.drop(connection, text);
                            PreparedOnConnections.closeLater(prepared);
                        }
                    });
        });
    }

    private Future<Void> batches(Cursor cursor, int batch, CappedProjection capped, ResultCollector collector,
            Truncation cause, AtomicBoolean gone) {
        return cursor.read(batch).compose(rows -> {
            for (Row row : rows) {
                if (!collector.accept(capped.cells(row::getValue, collector, cause, false))) {
                    return Future.succeededFuture();
                }
            }
            if (!cursor.hasMore() || gone.get()) {
                return Future.succeededFuture();
            }
            if (collector.rowCount() >= collector.maxRows()) {
                collector.truncated(Truncation.MAX_ROWS);
                return Future.succeededFuture();
            }
            return batches(cursor, batch, capped, collector, cause, gone);
        });
    }
}
