package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.PostgresTarget;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.impl.SqlConnectionBase;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One bounded pool per PostgreSQL tenant database, and the session every call gets from it: a connection, a
 * {@code BEGIN READ ONLY} transaction with the call's limits, the work, then ROLLBACK and the session reset before
 * the connection goes back to the pool.
 */
final class PostgresSessions {
    private final Vertx vertx;
    private final ExecutorConfig.PgPool poolConfig;
    private final Map<String, TenantPool> pools = new ConcurrentHashMap<>();
    private final PreparedOnConnections statements;
    private final SessionReset reset;
    private final SessionSetUp setUp;
    /** Calls in progress whose statements have all returned rows so far (false once one did not): see the reset. */
    private final Map<io.vertx.sqlclient.SqlConnection, Boolean> rowsOnly = new ConcurrentHashMap<>();

    PostgresSessions(Vertx vertx, ExecutorConfig.PgPool poolConfig, ExecutorConfig.Limits limits, int maxRememberedLength) {
        this.vertx = vertx;
        this.poolConfig = poolConfig;
        this.statements = new PreparedOnConnections(poolConfig.preparedPerConnection(), maxRememberedLength);
        this.reset = new SessionReset(statements);
        this.setUp = new SessionSetUp(limits, poolConfig);
    }

    /** The statements the connections keep prepared, when the session reset lets them ({@link SessionReset}). */
    PreparedOnConnections statements() {
        return statements;
    }

    /**
     * Notes what the call on this connection executes: a statement the server described as returning rows (the
     * capped wrapper, a statement of columns read as it is), or anything else (a plan, a statement without columns).
     * A call that ran only the first kind gets the reset without the count of prepared statements.
     */
    void executes(io.vertx.sqlclient.SqlConnection connection, boolean returningRows) {
        rowsOnly.merge(connection, returningRows, Boolean::logicalAnd);
    }

    /** Whether a call may keep its statement prepared on its connection now. */
    boolean keeping() {
        return reset.keeping();
    }

    /**
     * Borrows a connection, opens a read-only transaction with the limits, runs {@code work},
     * rolls back and gives the connection back; maps every failure to a SandboxException (but
     * {@link ColumnShapes.Stale}, which the engine handles). For the paths built on Mutiny.
     */
    <T> Uni<T> inReadOnlyTransaction(TenantDatabase database, ExecutionLimits limits,
            Function<SqlConnection, Uni<T>> work) {
        return VertxFutures.uni(gone -> inReadOnlyTransaction(database, limits, gone,
                connection -> VertxFutures.of(work.apply(SqlConnection.newInstance(connection)))));
    }

    /**
     * The same on plain Vert.x futures. The session ends only once the set-up and everything {@code work} issued
     * have ended (the caller may be answered before, on the first failure), so no command of this call can follow
     * the reset on the connection.
     *
     * @param gone set when the caller has gone: a connection handed over later is given back at once
     */
    <T> Future<T> inReadOnlyTransaction(TenantDatabase database, ExecutionLimits limits, AtomicBoolean gone,
            Function<io.vertx.sqlclient.SqlConnection, Future<T>> work) {
        long budget = limits.remainingMillis();
        if (budget <= 0) {
            return Future.failedFuture(PostgresErrors.deadline(database, limits));
        }
        TenantPool pool;
        try {
            pool = poolFor(database);
        } catch (SandboxException e) {
            return Future.failedFuture(e);
        }
        String noConnection = "no connection to " + database.key() + " became free within the time limit of "
                + limits.timeoutMillis() + " ms";
        return borrow(pool, budget, noConnection, gone)
                .recover(e -> Future.failedFuture(e instanceof SandboxException ? e
                        : PostgresErrors.unreachable(database, e)))
                .compose(connection -> {
                    // what depends on the call; the settings that do not are the connection's own (see poolFor)
                    String setup = setUp.opening(limits.remainingMillis());
                    // the set-up and the work are pipelined: the server runs them in order, so the
                    // statement is parsed under the pinned search_path and timed by statement_timeout; what they
                    // queue now reaches the socket in one write
                    Started<T> started = together(connection, () -> new Started<>(connection.query(setup).execute(),
                            work.apply(connection)));
                    Future<?> setUp = started.setUp();
                    Future<T> done = started.done();
                    Future.join(setUp, done).onComplete(both -> endSessionAndGiveBack(pool, connection,
                            setUp.succeeded()));
                    return Future.all(setUp, done).transform(both -> both.succeeded() ? done
                            : Future.failedFuture(both.cause() instanceof SandboxException
                                    || both.cause() instanceof ColumnShapes.Stale ? both.cause()
                                    : PostgresErrors.translate(database, both.cause(), limits)));
                });
    }

    /** The set-up's and the work's futures, queued together. */
    private record Started<T>(Future<?> setUp, Future<T> done) {
    }

    /** {@code commands} with this connection's flushes held until they have all been queued ({@link HeldFlushes}). */
    private static <T> T together(io.vertx.sqlclient.SqlConnection connection, Supplier<T> commands) {
        HeldFlushes held = connection instanceof SqlConnectionBase<?> base
                && base.unwrap().unwrap() instanceof SocketConnectionBase socket
                ? HeldFlushes.on(socket.socket().channelHandlerContext().pipeline()) : null;
        return held == null ? commands.get() : held.together(commands);
    }

    /**
     * A connection from the pool within {@code budget} ms, else DEADLINE_EXCEEDED. The wait is timed by a Vert.x
     * timer on the event loop, which the borrow wakes anyway (a timer on another thread cost every call a second
     * thread's wake-up). A waiter that gives up stays in the pool's queue: the connection it is handed later is
     * closed (given back), or every abandoned wait would leak one connection of the tenant's pool.
     */
    private Future<io.vertx.sqlclient.SqlConnection> borrow(TenantPool pool, long budget, String noConnection,
            AtomicBoolean gone) {
        Promise<io.vertx.sqlclient.SqlConnection> borrowed = Promise.promise();
        pool.context().runOnContext(onLoop -> {
            Future<io.vertx.sqlclient.SqlConnection> asked = pool.pool().getDelegate().getConnection();
            if (asked.isComplete()) { // an idle connection, handed over at once: nothing to time
                handOver(asked, gone, borrowed);
                return;
            }
            AtomicBoolean settled = new AtomicBoolean();
            io.vertx.core.Vertx core = vertx.getDelegate();
            long timer = core.setTimer(budget, id -> {
                if (settled.compareAndSet(false, true)) {
                    borrowed.fail(SandboxException.deadline(noConnection));
                }
            });
            asked.onComplete(got -> {
                if (gone.get() || !settled.compareAndSet(false, true)) {
                    if (got.succeeded()) {
                        got.result().close(); // handed over after the wait ended
                    }
                    return;
                }
                core.cancelTimer(timer);
                borrowed.handle(got);
            });
        });
        return borrowed.future();
    }

    private static void handOver(Future<io.vertx.sqlclient.SqlConnection> got, AtomicBoolean gone,
            Promise<io.vertx.sqlclient.SqlConnection> borrowed) {
        if (gone.get() && got.succeeded()) {
            got.result().close(); // the caller left before it was handed over
            return;
        }
        borrowed.handle(got);
    }

    /**
     * Ends the session ({@link SessionReset}: ROLLBACK, and every kind of session state but the engine's own kept
     * statements removed) and only then gives the connection back to the pool, without making the caller wait for
     * it: the statement's rows (or its failure) are complete before the reset, and nobody else can borrow the
     * connection until the reset has run, so the reset costs the caller no round trip (as pgbouncer's
     * server_reset_query runs after the client has let the server connection go). It is sent by a task of its own
     * on the pool's event loop, queued behind the one that hands the caller its result: the caller does not wait for
     * the reset's encoding and writes either.
     */
    private void endSessionAndGiveBack(TenantPool pool, io.vertx.sqlclient.SqlConnection connection,
            boolean inTransaction) {
        // a statement that ran outside the set-up's transaction (it failed) committed at its own end: whole reset
        boolean onlyRows = Boolean.TRUE.equals(rowsOnly.remove(connection)) && inTransaction;
        pool.context().runOnContext(afterTheReply -> reset.end(connection, onlyRows, pool.locks().refused())
                .onComplete(reset -> connection.close()));
    }

    /** What the pool of {@code database} found about session advisory locks ({@link SessionLocks}; for tests). */
    SessionLocks.Answer sessionLocks(TenantDatabase database) {
        return poolFor(database).locks().answer();
    }

    Uni<Void> ping(TenantDatabase database, Duration timeout) {
        Pool pool;
        try {
            pool = poolFor(database).pool();
        } catch (SandboxException e) {
            return Uni.createFrom().failure(e);
        }
        return pool.query("SELECT 1").execute().replaceWithVoid()
                .ifNoItem().after(timeout).failWith(TimeoutException::new)
                .onFailure().transform(e -> PostgresErrors.unreachable(database, e));
    }

    /**
     * A tenant database's pool and the event loop its calls run on: its connections are made on that loop and every
     * call borrows there, so a call's commands, replies and callbacks never cross between event-loop threads (each
     * crossing a wake-up, several per call on a busy machine). Pools are spread over the event loops.
     */
    private record TenantPool(Pool pool, io.vertx.core.Context context, SessionLocks locks) {
    }

    private TenantPool poolFor(TenantDatabase database) {
        PostgresTarget target = database.postgres().orElseThrow();
        return pools.computeIfAbsent(database.key() + "|" + target, key -> {
            PgConnectOptions connect = new PgConnectOptions().setHost(target.host()).setPort(target.port())
                    .setDatabase(target.database()).setUser(target.username())
                    .setPassword(target.password().get().reveal())
                    .setConnectTimeout((int) poolConfig.connectTimeout().toMillis())
                    .setCachePreparedStatements(false)
                    .setProperties(sessionDefaults(target));
            PoolOptions options = new PoolOptions().setMaxSize(poolConfig.maxSize())
                    .setMaxWaitQueueSize(poolConfig.maxWaitQueueSize())
                    .setIdleTimeout((int) poolConfig.idleTimeout().toSeconds()).setIdleTimeoutUnit(TimeUnit.SECONDS)
                    .setName("tenant-" + database.key());
            io.vertx.core.Context loop = ((io.vertx.core.impl.VertxInternal) vertx.getDelegate()).createEventLoopContext();
            Pool pool = PgBuilder.pool().with(options).connectingTo(connect).using(vertx).build();
            SessionLocks locks = new SessionLocks();
            loop.runOnContext(onLoop -> locks.check(pool.getDelegate()));
            return new TenantPool(pool, loop, locks);
        });
    }

    /**
     * The settings every call of this database runs under that do not depend on the call, sent when the connection
     * starts: they become the session's own defaults, which is what the reset's RESET ALL returns every setting
     * to. A call that changes one for its session is undone by its ROLLBACK, and by the reset should anything
     * survive that, so every call runs under these values, as under the per-call SET LOCALs they replace (each a
     * statement the server parsed and ran per call); the two timeouts are {@link SessionSetUp}'s.
     */
    private Map<String, String> sessionDefaults(PostgresTarget target) {
        Map<String, String> defaults = new java.util.HashMap<>(setUp.connectionDefaults());
        // the shared pg_stat_activity shows every session's application_name: no tenant names there
        defaults.put("application_name", "overtone-executor");
        defaults.put("search_path", quote(target.schema()));
        // the policy lexes plain strings as the standard says; the server must agree
        defaults.put("standard_conforming_strings", "on");
        defaults.put("work_mem", poolConfig.workMem());
        return defaults;
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    void close() {
        pools.values().forEach(pool -> pool.pool().close().subscribe().with(v -> { }, e -> { }));
    }
}
