package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.desc.ColumnDescriptor;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * PostgreSQL tenants through the reactive client, one bounded pool per tenant database. Every
 * statement runs in its own {@code BEGIN READ ONLY} transaction with {@code SET LOCAL}
 * statement_timeout, idle_in_transaction_session_timeout and a pinned search_path, through the
 * extended protocol (one statement only) and a cursor that fetches one row more than the limit;
 * the transaction is always rolled back and only then is the connection given back ({@link PostgresSessions}).
 * The server's own statement_timeout ends a statement past its deadline. No cancel request is ever sent: it is
 * delivered to whatever the backend runs when it arrives, and one that arrived late hit the next
 * caller's statement on the pooled connection, or its ROLLBACK (which left the connection in an
 * aborted transaction: 25P02 for every later caller). The caller stops waiting at the seam
 * ({@code StatementExecution}); the transaction here runs to its real end.
 */
@ApplicationScoped
public class PostgresEngine implements TenantEngine {
    private final PostgresSessions sessions;
    private final ColumnShapes shapes;
    private final long fetchBytes;

    public PostgresEngine(Vertx vertx, ExecutorConfig config) {
        this.sessions = new PostgresSessions(vertx, config.pool());
        this.shapes = new ColumnShapes(config.shapeCacheSize());
        this.fetchBytes = config.limits().fetchBytes();
    }

    @Override
    public Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        return execute(database, sql, plan, limits, true);
    }

    private Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits,
            boolean mayRemember) {
        return sessions.inReadOnlyTransaction(database, limits, connection -> {
            long started = System.nanoTime();
            if (plan) {
                return readAll(connection.prepare(sql), limits, started);
            }
            ColumnShapes.Shape known = mayRemember && DescribedColumns.READABLE ? shapes.get(database, sql) : null;
            CappedProjection wrapper = known == null || known.names().isEmpty() ? null : capped(sql, known, limits);
            if (wrapper != null && !wrapper.bare()) {
                return remembered(connection, database, sql, known, wrapper, limits, started);
            }
            if (DescribedColumns.READABLE) {
                return described(connection, database, sql, limits, started);
            }
            return columnsOf(connection, sql).chain(shape -> shape.names().isEmpty()
                    ? readAll(connection.prepare(sql), limits, started)
                    : wrapped(connection, capped(sql, shape, limits), limits, started));
        }).onFailure(ColumnShapes.Stale.class).recoverWithUni(() -> execute(database, sql, plan, limits, false));
    }

    private static CappedProjection capped(String sql, ColumnShapes.Shape shape, ExecutionLimits limits) {
        return CappedProjection.postgres(sql, shape.names(), shape.types(), limits::cellCut);
    }

    /**
     * The statement prepared as it is (one round trip, pipelined behind the set-up), its columns read from that
     * preparation. When every column is of a fixed width (numbers, dates, booleans), nothing needs cutting and the
     * rows are bounded by the fetch batch: the prepared statement itself is read, with no wrapper and no second
     * prepare, as the raw call would. Otherwise the capped wrapper is prepared with the time that is left.
     */
    private Uni<QueryResult> described(SqlConnection connection, TenantDatabase database, String sql,
            ExecutionLimits limits, long started) {
        return connection.prepare(sql).chain(prepared -> {
            ColumnShapes.Shape shape = describedShape(prepared);
            shapes.put(database, sql, shape);
            if (shape.names().isEmpty()) {
                return readAll(Uni.createFrom().item(prepared), limits, started);
            }
            CappedProjection capped = capped(sql, shape, limits);
            if (capped.bare()) {
                return readCapped(Uni.createFrom().item(prepared), capped, limits, started);
            }
            prepared.close().subscribe().with(done -> { }, failure -> { }); // pipelined; nobody waits for it
            return wrapped(connection, capped, limits, started);
        });
    }

    /** The capped wrapper prepared and read, after a round trip that learnt the columns: with the time that is left. */
    private Uni<QueryResult> wrapped(SqlConnection connection, CappedProjection capped, ExecutionLimits limits,
            long started) {
        Uni<?> timeLeft = connection.query("SET LOCAL statement_timeout = " + Math.max(1, limits.remainingMillis()))
                .execute();
        Uni<PreparedStatement> prepared = Uni.combine().all().unis(timeLeft, connection.prepare(capped.sql()))
                .asTuple().map(both -> both.getItem2());
        return readCapped(prepared, capped, limits, started);
    }

    /**
     * A statement run before: its wrapper is built from the remembered columns and prepared in the same round trip
     * as the statement's own description, which must match them exactly (names and types), or the wrapper is not
     * used: the description is the server's, so a changed schema is always seen before a row is read. One round
     * trip fewer than {@link #described} then {@link #wrapped}, and no separate SET LOCAL: the set-up's statement_timeout is still exact.
     */
    private Uni<QueryResult> remembered(SqlConnection connection, TenantDatabase database, String sql,
            ColumnShapes.Shape known, CappedProjection capped, ExecutionLimits limits, long started) {
        AtomicBoolean changed = new AtomicBoolean();
        Uni<ColumnShapes.Shape> now = columnsOf(connection, sql).invoke(shape -> {
            if (!shape.equals(known)) {
                changed.set(true);
                shapes.put(database, sql, shape);
            }
        });
        Uni<PreparedStatement> wrapper = connection.prepare(capped.sql())
                .onFailure(e -> changed.get()).transform(ColumnShapes.Stale::new);
        return Uni.combine().all().unis(now, wrapper).asTuple().chain(both -> {
            if (changed.get()) {
                both.getItem2().close().subscribe().with(done -> { }, failure -> { });
                return Uni.createFrom().failure(new ColumnShapes.Stale(null));
            }
            return readCapped(Uni.createFrom().item(both.getItem2()), capped, limits, started);
        });
    }

    /**
     * The statement's result columns as the server describes them when it prepares the statement (Parse and
     * Describe: one round trip, pipelined behind what went before; the statement is neither planned nor run).
     * The reactive client keeps that description but does not publish it ({@link DescribedColumns}); where it
     * cannot be read, the statement is run with LIMIT 0 instead (planned, two round trips).
     */
    private static Uni<ColumnShapes.Shape> columnsOf(SqlConnection connection, String sql) {
        if (DescribedColumns.READABLE) {
            return connection.prepare(sql).map(prepared -> {
                prepared.close().subscribe().with(done -> { }, failure -> { }); // pipelined; nobody waits for it
                return describedShape(prepared);
            });
        }
        return connection.preparedQuery("SELECT * FROM (\n" + sql + "\n) AS " + CappedProjection.ALIAS + " LIMIT 0")
                .execute().map(probe -> shapeOf(probe.columnDescriptors()));
    }

    private static ColumnShapes.Shape describedShape(PreparedStatement prepared) {
        List<io.vertx.sqlclient.desc.ColumnDescriptor> described = DescribedColumns.of(prepared.getDelegate());
        if (described == null) {
            throw new IllegalStateException("the prepared statement's description is not readable");
        }
        return shapeOf(described.stream().map(ColumnDescriptor::newInstance).toList());
    }

    private static ColumnShapes.Shape shapeOf(List<ColumnDescriptor> described) {
        List<String> names = new ArrayList<>(described.size());
        List<String> types = new ArrayList<>(described.size());
        for (ColumnDescriptor descriptor : described) {
            names.add(descriptor.name());
            types.add(descriptor.typeName());
        }
        return new ColumnShapes.Shape(names, types);
    }

    /**
     * Reads the capped statement through a cursor in batches no larger than {@code fetch-bytes} in the
     * worst case (every cell at its cut), counting bytes as they come, and stops at the first cap.
     */
    private Uni<QueryResult> readCapped(Uni<PreparedStatement> preparing, CappedProjection capped,
            ExecutionLimits limits, long started) {
        ResultCollector collector = new ResultCollector(limits);
        List<ResultColumn.Builder> columns = new ArrayList<>();
        for (CappedProjection.Column column : capped.columns()) {
            columns.add(ResultCollector.column(column.name(), column.declaredType()));
        }
        collector.columns(columns);
        int batch = (int) Math.max(1, Math.min(limits.maxRows() + 1L, fetchBytes / capped.worstRowBytes()));
        Truncation cause = limits.rowCapBinds(capped.variableColumns()) ? Truncation.MAX_ROW_BYTES
                : Truncation.MAX_CELL_BYTES;
        return preparing.chain(prepared -> {
            var cursor = prepared.cursor();
            return readBatches(cursor, batch, capped, collector, cause)
                    .map(done -> collector.finish((System.nanoTime() - started) / 1000))
                    .onTermination().invoke(() -> closeLater(cursor, prepared));
        });
    }

    private Uni<Void> readBatches(io.vertx.mutiny.sqlclient.Cursor cursor, int batch, CappedProjection capped,
            ResultCollector collector, Truncation cause) {
        return cursor.read(batch).chain(rows -> {
            for (Row row : rows) {
                if (!collector.accept(capped.cells(row::getValue, collector, cause, false))) {
                    return Uni.createFrom().voidItem();
                }
            }
            if (!cursor.hasMore()) {
                return Uni.createFrom().voidItem();
            }
            if (collector.rowCount() >= collector.maxRows()) {
                collector.truncated(Truncation.MAX_ROWS);
                return Uni.createFrom().voidItem();
            }
            return readBatches(cursor, batch, capped, collector, cause);
        });
    }

    /** An EXPLAIN (or a statement without columns): read as it is, its cells cut by the executor. */
    private static Uni<QueryResult> readAll(Uni<PreparedStatement> preparing, ExecutionLimits limits, long started) {
        return preparing.chain(prepared -> {
            var cursor = prepared.cursor();
            return cursor.read(limits.maxRows() + 1)
                    .map(rows -> collect(rows, cursor.hasMore(), limits, started))
                    .onTermination().invoke(() -> closeLater(cursor, prepared));
        });
    }

    /**
     * Closes the cursor and the statement without waiting for the server: the closes are queued on the
     * connection ahead of the ROLLBACK and DISCARD ALL that end the session, and all four go out
     * pipelined, in one round trip. (ROLLBACK would close the portal and DISCARD ALL the statement anyway;
     * the explicit closes keep the client's own bookkeeping exact.)
     */
    private static void closeLater(io.vertx.mutiny.sqlclient.Cursor cursor, PreparedStatement prepared) {
        cursor.close().subscribe().with(done -> { }, failure -> { });
        prepared.close().subscribe().with(done -> { }, failure -> { });
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

    @Override
    public Uni<List<Table>> describe(TenantDatabase database, int samples, int sampleScanRows, Duration timeout) {
        String schema = database.postgres().orElseThrow().schema();
        ExecutionLimits limits = ExecutionLimits.introspection(timeout.toMillis(), System.nanoTime() + timeout.toNanos());
        return sessions.inReadOnlyTransaction(database, limits,
                connection -> PostgresIntrospection.introspect(connection, schema, samples, sampleScanRows, limits));
    }

    @Override
    public Uni<Void> ping(TenantDatabase database, Duration timeout) {
        return sessions.ping(database, timeout);
    }

    /** Statement shapes remembered now (for tests). */
    int rememberedShapes() {
        return shapes.size();
    }

    @PreDestroy
    void close() {
        sessions.close();
    }
}
