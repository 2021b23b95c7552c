package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * PostgreSQL tenants through the reactive client, one bounded pool per tenant database. Every
 * statement runs in its own {@code BEGIN READ ONLY} transaction under the call's statement_timeout (the connection's
 * own when the call's time left is the connection's limit, else a {@code SET LOCAL}: {@link SessionSetUp}) and the
 * connection's idle_in_transaction_session_timeout and pinned search_path, through the
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
    private final CappedRead read;

    public PostgresEngine(Vertx vertx, ExecutorConfig config) {
        this.sessions = new PostgresSessions(vertx, config.pool(), config.limits(), config.maxRememberedLength());
        this.statements = sessions.statements();
        this.shapes = new ColumnShapes(config.shapeCacheSize(), config.maxRememberedLength());
        this.read = new CappedRead(sessions, config.limits().fetchBytes());
    }

    @Override
    public Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        return VertxFutures.uni(gone -> execute(database, sql, plan, limits, true, gone));
    }

    /**
     * The repeated statement that a connection keeps (the common case) runs on plain Vert.x futures; the other
     * paths on Mutiny, adapted.
     */
    private Future<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits,
            boolean mayRemember, AtomicBoolean gone) {
        return sessions.inReadOnlyTransaction(database, limits, gone, core -> {
            long started = System.nanoTime();
            SqlConnection connection = SqlConnection.newInstance(core);
            if (plan) {
                return VertxFutures.of(uncapped(connection, connection.prepare(sql), limits, started));
            }
            ColumnShapes.Shape known = mayRemember && DescribedColumns.READABLE ? shapes.get(database, sql) : null;
            CappedProjection wrapper = known == null || known.names().isEmpty() ? null : capped(sql, known, limits);
            if (wrapper != null) {
                String text = wrapper.bare() ? sql : wrapper.sql();
                io.vertx.sqlclient.PreparedStatement kept = sessions.keeping() ? statements.get(core, text) : null;
                if (kept != null) {
                    return ServerShapeCheck.sees(wrapper, sql)
                            ? checkedByServer(core, wrapper, kept, limits, started, text, gone)
                            : kept(core, database, sql, known, wrapper, kept, limits, started, gone);
                }
                if (!wrapper.bare()) {
                    return VertxFutures.of(remembered(connection, database, sql, known, wrapper, limits, started));
                }
            }
            if (DescribedColumns.READABLE) {
                return VertxFutures.of(described(connection, database, sql, limits, started));
            }
            return VertxFutures.of(PostgresColumns.of(connection, sql).chain(shape -> shape.names().isEmpty()
                    ? uncapped(connection, connection.prepare(sql), limits, started)
                    : wrapped(connection, capped(sql, shape, limits), limits, started)));
        }).recover(failure -> failure instanceof ColumnShapes.Stale
                ? execute(database, sql, plan, limits, false, gone) : Future.failedFuture(failure));
    }

    /** A plan, or a statement without columns, read as it is; its call gets the whole session reset. */
    private Uni<QueryResult> uncapped(SqlConnection connection, Uni<PreparedStatement> preparing,
            ExecutionLimits limits, long started) {
        sessions.executes(connection.getDelegate(), false);
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
        Uni<ColumnShapes.Shape> now = VertxFutures.uni(gone -> describedAgain(connection.getDelegate(), database, sql,
                known, changed));
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
    private Future<QueryResult> kept(io.vertx.sqlclient.SqlConnection connection, TenantDatabase database,
            String sql, ColumnShapes.Shape known, CappedProjection capped, io.vertx.sqlclient.PreparedStatement kept,
            ExecutionLimits limits, long started, AtomicBoolean gone) {
        String text = capped.bare() ? sql : capped.sql();
        AtomicBoolean changed = new AtomicBoolean();
        Future<ColumnShapes.Shape> now = describedAgain(connection, database, sql, known, changed);
        Future<QueryResult> rows = read.read(connection, Future.succeededFuture(kept), capped, limits, started, text,
                gone);
        // both ended before the answer, so nothing of this call is still queued when its session ends
        return Future.join(now, rows).transform(both -> {
            if (changed.get()) {
                statements.drop(connection, text);
                return Future.failedFuture(new ColumnShapes.Stale(rows.cause()));
            }
            return now.failed() ? Future.failedFuture(now.cause()) : rows;
        });
    }

    /**
     * A kept statement whose every change of columns the server's own check sees ({@link ServerShapeCheck}): bound
     * and read at once, with no description of the statement. If its tables changed under it, the server refuses it
     * before a row is read, and the statement runs afresh on its new columns.
     */
    private Future<QueryResult> checkedByServer(io.vertx.sqlclient.SqlConnection connection, CappedProjection capped,
            io.vertx.sqlclient.PreparedStatement kept, ExecutionLimits limits, long started, String text,
            AtomicBoolean gone) {
        return read.read(connection, Future.succeededFuture(kept), capped, limits, started, text, gone)
                .recover(failure -> Future.failedFuture(ServerShapeCheck.changedUnder(failure)
                        ? new ColumnShapes.Stale(failure) : failure));
    }

    /** The statement's columns described again; {@code changed} is set (and the new shape remembered) if they differ. */
    private Future<ColumnShapes.Shape> describedAgain(io.vertx.sqlclient.SqlConnection connection,
            TenantDatabase database, String sql, ColumnShapes.Shape known, AtomicBoolean changed) {
        return PostgresColumns.described(connection, sql).andThen(described -> {
            if (described.succeeded() && !described.result().equals(known)) {
                changed.set(true);
                shapes.put(database, sql, described.result());
            }
        });
    }

    /** {@link CappedRead} for the paths built on Mutiny. */
    private Uni<QueryResult> readCapped(SqlConnection connection, Uni<PreparedStatement> preparing,
            CappedProjection capped, ExecutionLimits limits, long started, String text) {
        return preparing.chain(prepared -> VertxFutures.uni(gone -> read.read(connection.getDelegate(),
                Future.succeededFuture(prepared.getDelegate()), capped, limits, started, text, gone)));
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

    /** Whether the pool of {@code database} knows its role can take no session advisory lock (for tests). */
    SessionLocks.Answer sessionLocks(TenantDatabase database) {
        return sessions.sessionLocks(database);
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
