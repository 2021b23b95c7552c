package dev.overtone.executor.repository;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;

/**
 * What ends every call's session before its connection goes back to the pool: ROLLBACK, then everything DISCARD ALL
 * does but deallocating the protocol-level statements the engine keeps prepared ({@link PreparedOnConnections}):
 * holdable cursors, the session's role, every setting (back to the connection's start-up values), LISTEN
 * registrations, session advisory locks, temporary tables, sequence state. In the same query the server counts the
 * prepared statements the session holds: when a statement created by SQL {@code PREPARE} is among them, or the
 * protocol-level ones are not exactly those the engine keeps, or the reset failed at all, DISCARD ALL follows and
 * the connection's kept statements are forgotten. So what call N left is gone before call N+1, as with DISCARD ALL
 * alone, and nothing but the engine's own statements outlives a call.
 *
 * The unlock and the count are one function the walls create, overtone_executor.session_reset(), which runs as its
 * owner (samples/postgresql-tenant-walls.sql): the role itself may neither read pg_prepared_statements, whose texts
 * would show a call the statements of the calls before it, nor call pg_advisory_unlock_all(). Where the function
 * is missing or refused, DISCARD ALL resets alone and no statement is kept from then on.
 */
public final class SessionReset {
    /** The function that frees the advisory locks and counts the prepared statements, as its owner. */
    public static final String FUNCTION = "SELECT from_sql, protocol FROM overtone_executor.session_reset()";
    /** What DISCARD ALL does besides DEALLOCATE ALL, DISCARD PLANS and the advisory unlock. */
    public static final String COMMANDS = "CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *;"
            + " DISCARD TEMP; DISCARD SEQUENCES";
    /**
     * The whole reset as one simple query (one message, one server flush): the ROLLBACK, then the function, whose
     * count is the query's second result, then the commands, all of them one implicit transaction after the ROLLBACK.
     */
    public static final String LIGHT = "ROLLBACK; " + FUNCTION + "; " + COMMANDS;
    /**
     * The reset after a call whose statements all returned rows, inside the read-only transaction its set-up opened
     * ({@link #end}): the ROLLBACK and the walls' unlock. Everything the commands would remove is undone by that
     * ROLLBACK: settings and the session's role are restored when the transaction that set them rolls back, a LISTEN
     * takes effect only at commit, a cursor (holdable or not), temporary table or sequence made in a rolled-back
     * transaction is gone, and no statement that returns rows can end the transaction before it. Session advisory
     * locks are the one state such a statement can take that a ROLLBACK keeps.
     */
    public static final String AFTER_ROWS = "ROLLBACK; SELECT overtone_executor.session_unlock()";
    /**
     * {@link #AFTER_ROWS} on a pool whose role can take no session advisory lock ({@link SessionLocks}): the unlock
     * would free nothing.
     */
    public static final String AFTER_ROWS_NO_LOCKS = "ROLLBACK";
    /** Refused or missing function or schema: the walls lack the function, so the light reset never works here. */
    private static final java.util.Set<String> WALLS_WITHOUT_IT = java.util.Set.of("42501", "42883", "3F000");

    private final PreparedOnConnections statements;
    private volatile boolean light = true;
    private volatile boolean unlockAlone = true;

    SessionReset(PreparedOnConnections statements) {
        this.statements = statements;
    }

    /** Whether calls may keep statements on their connections now. */
    boolean keeping() {
        return light && statements.enabled();
    }

    /**
     * ROLLBACK and the reset in one query; a second round trip only when DISCARD ALL must follow. After a call whose
     * every statement the server described as returning rows ({@code rowsOnly}: the capped wrapper, or a statement of
     * columns read as it is) and ran inside the call's transaction (its set-up succeeded), the prepared statements
     * are not counted: only PREPARE makes one outside the executor, and it returns no rows; a caller's DEALLOCATE
     * returns none either; and the commands are left to the ROLLBACK ({@link #AFTER_ROWS}). Plans, statements without
     * columns, calls whose set-up failed and the executor's own introspection get the whole reset. After rows, the
     * unlock is left out where the pool's role is refused every way to a session lock ({@code locksRefused}).
     */
    Future<Void> end(SqlConnection connection, boolean rowsOnly, boolean locksRefused) {
        if (!keeping()) {
            statements.forget(connection);
            Future<?> rollback = connection.query("ROLLBACK").execute();
            return Future.join(rollback, discardAll(connection)).<Void>mapEmpty().otherwiseEmpty();
        }
        if (rowsOnly && (unlockAlone || locksRefused)) {
            return connection.query(locksRefused ? AFTER_ROWS_NO_LOCKS : AFTER_ROWS).execute().<Void>mapEmpty().recover(failure -> {
                if (failure instanceof io.vertx.pgclient.PgException pg && WALLS_WITHOUT_IT.contains(pg.getSqlState())) {
                    unlockAlone = false; // walls of before the unlock alone: the whole reset from now on
                }
                return discardAllAndForget(connection);
            });
        }
        int expected = statements.count(connection);
        Future<Boolean> clean = connection.query(LIGHT).execute().map(rows -> onlyKept(rows.next(), expected))
                .otherwise(failure -> {
                    if (failure instanceof io.vertx.pgclient.PgException pg
                            && WALLS_WITHOUT_IT.contains(pg.getSqlState())) {
                        light = false;
                    }
                    return false;
                });
        return clean.compose(onlyKept -> onlyKept ? Future.succeededFuture() : discardAllAndForget(connection));
    }

    /** DISCARD ALL and the connection's statements forgotten; a ROLLBACK first, should the reset have failed before its own. */
    private Future<Void> discardAllAndForget(SqlConnection connection) {
        statements.forget(connection);
        return connection.query("ROLLBACK").execute().transform(rolledBack -> discardAll(connection));
    }

    private static boolean onlyKept(RowSet<Row> rows, int expected) {
        Row row = rows.iterator().next();
        return row.getLong(0) == 0 && row.getLong(1) == expected;
    }

    /** DISCARD ALL; its failure is not the caller's (the connection is given back either way). */
    private static Future<Void> discardAll(SqlConnection connection) {
        return connection.query("DISCARD ALL").execute().<Void>mapEmpty().otherwiseEmpty();
    }
}
