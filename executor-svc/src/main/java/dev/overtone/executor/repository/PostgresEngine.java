package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
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
    private final PreparedOnConnections statements;
    private final ColumnShapes shapes;
    private final long fetchBytes;

    public PostgresEngine(Vertx vertx, ExecutorConfig config) {
        this.sessions = new PostgresSessions(vertx, config.pool());
        this.statements = sessions.statements();
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
                return uncapped(connection, connection.prepare(sql), limits, started);
            }
            ColumnShapes.Shape known = mayRemember && DescribedColumns.READABLE ? shapes.get(database, sql) : null;
            CappedProjection wrapper = known == null || known.names().isEmpty() ? null : capped(sql, known, limits);
            if (wrapper != null) {
                String text = wrapper.bare() ? sql : wrapper.sql();
                PreparedStatement kept = sessions.keeping() ? statements.get(connection, text) : null;
                if (kept != null) {
                    return ServerShapeCheck.sees(wrapper, sql)
                            ? checkedByServer(connection, wrapper, kept, limits, started, text)
                            : kept(connection, database, sql, known, wrapper, kept, limits, started);
                }
                if (!wrapper.bare()) {
                    return remembered(connection, database, sql, known, wrapper, limits, started);
                }
            }
            if (DescribedColumns.READABLE) {
                return described(connection, database, sql, limits, started);
            }
            return PostgresColumns.of(connection, sql).chain(shape -> shape.names().isEmpty()
                    ? uncapped(connection, connection.prepare(sql), limits, started)
                    : wrapped(connection, capped(sql, shape, limits), limits, started));
        }).onFailure(ColumnShapes.Stale.class).recoverWithUni(() -> execute(database, sql, plan, limits, false));
    }

    /** A plan, or a statement without columns, read as it is; its call gets the whole session reset. */
    private Uni<QueryResult> uncapped(SqlConnection connection, Uni<PreparedStatement> preparing,
            ExecutionLimits limits, long started) {
        sessions.executes(connection, false);
        return UncappedRead.read(preparing, limits, started);
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
            ColumnShapes.Shape shape = PostgresColumns.described(prepared);
            shapes.put(database, sql, shape);
            if (shape.names().isEmpty()) {
                return uncapped(connection, Uni.createFrom().item(prepared), limits, started);
            }
            CappedProjection capped = capped(sql, shape, limits);
            if (capped.bare()) {
                return readCapped(connection, Uni.createFrom().item(prepared), capped, limits, started, sql);
            }
            PreparedOnConnections.closeLater(prepared); // pipelined; nobody waits for it
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
        return readCapped(connection, prepared, capped, limits, started, capped.sql());
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
        Uni<ColumnShapes.Shape> now = describedAgain(connection, database, sql, known, changed);
        Uni<PreparedStatement> wrapper = connection.prepare(capped.sql())
                .onFailure(e -> changed.get()).transform(ColumnShapes.Stale::new);
        return Uni.combine().all().unis(now, wrapper).asTuple().chain(both -> {
            if (changed.get()) {
                PreparedOnConnections.closeLater(both.getItem2());
                return Uni.createFrom().failure(new ColumnShapes.Stale(null));
            }
            return readCapped(connection, Uni.createFrom().item(both.getItem2()), capped, limits, started,
                    capped.sql());
        });
    }

    /**
     * A statement whose wrapper (or, of fixed-width columns only, the statement itself) this connection keeps
     * prepared: bound and read at once, in the same round trip as the set-up and the statement's own description,
     * which must match the remembered columns as in {@link #remembered}; the rows are dropped if it does not. The
     * server re-plans a kept statement when the tables under it change, and refuses to run it if its result types
     * would change ("cached plan must not change result type"), so a kept wrapper never passes an uncut value.
     * One round trip where the raw call takes two (Parse/Describe, then Bind/Execute).
     */
    private Uni<QueryResult> kept(SqlConnection connection, TenantDatabase database, String sql,
            ColumnShapes.Shape known, CappedProjection capped, PreparedStatement kept, ExecutionLimits limits,
            long started) {
        String text = capped.bare() ? sql : capped.sql();
        AtomicBoolean changed = new AtomicBoolean();
        Uni<ColumnShapes.Shape> now = describedAgain(connection, database, sql, known, changed);
        Uni<QueryResult> read = readCapped(connection, Uni.createFrom().item(kept), capped, limits, started, text)
                .onFailure(e -> changed.get()).transform(ColumnShapes.Stale::new);
        return Uni.combine().all().unis(now, read).asTuple().chain(both -> {
            if (changed.get()) {
                statements.drop(connection, text);
                return Uni.createFrom().failure(new ColumnShapes.Stale(null));
            }
            return Uni.createFrom().item(both.getItem2());
        });
    }

    /**
     * A kept statement whose every change of columns the server's own check sees ({@link ServerShapeCheck}): bound
     * and read at once, with no description of the statement. If its tables changed under it, the server refuses it
     * before a row is read, and the statement runs afresh on its new columns.
     */
    private Uni<QueryResult> checkedByServer(SqlConnection connection, CappedProjection capped, PreparedStatement kept,
            ExecutionLimits limits, long started, String text) {
        return readCapped(connection, Uni.createFrom().item(kept), capped, limits, started, text)
                .onFailure(ServerShapeCheck::changedUnder).transform(ColumnShapes.Stale::new);
    }

    /** The statement's columns described again; {@code changed} is set (and the new shape remembered) if they differ. */
    private Uni<ColumnShapes.Shape> describedAgain(SqlConnection connection, TenantDatabase database, String sql,
            ColumnShapes.Shape known, AtomicBoolean changed) {
        return PostgresColumns.of(connection, sql).invoke(shape -> {
            if (!shape.equals(known)) {
                changed.set(true);
                shapes.put(database, sql, shape);
            }
        });
    }

    /**
     * Reads the capped statement through a cursor in batches no larger than {@code fetch-bytes} in the
     * worst case (every cell at its cut), counting bytes as they come, and stops at the first cap. A statement that
     * ran well is kept prepared on the connection under {@code text} (while the reset lets statements be kept); one
     * that failed is closed, and dropped if it was kept.
     */
    private Uni<QueryResult> readCapped(SqlConnection connection, Uni<PreparedStatement> preparing,
            CappedProjection capped, ExecutionLimits limits, long started, String text) {
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
        return preparing.chain(prepared -> {
            var cursor = prepared.cursor();
            return readBatches(cursor, batch, capped, collector, cause)
                    .map(done -> collector.finish((System.nanoTime() - started) / 1000))
                    // the cursor's portal is not closed: the ROLLBACK that ends every call drops it, one message
                    // and one server flush fewer per call
                    .onTermination().invoke((result, failure, cancelled) -> {
                        if (failure == null && !cancelled && sessions.keeping()) {
                            statements.keep(connection, text, prepared);
                        } else {
                            statements.drop(connection, text);
                            PreparedOnConnections.closeLater(prepared);
                        }
                    });
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

    /** Closed connections whose kept statements are still remembered (for tests). */
    int closedConnectionsRemembered() {
        return statements.closedConnectionsRemembered();
    }

    @PreDestroy
    void close() {
        sessions.close();
    }
}
