package dev.overtone.executor.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;

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
 * The count and the advisory unlock need EXECUTE on pg_advisory_unlock_all() and pg_prepared_statement() and SELECT
 * on pg_prepared_statements (granted by samples/postgresql-tenant-walls.sql; each shows or frees only the session's
 * own). A role without them gets DISCARD ALL alone, and keeps no statements: a reset refused for want of privileges
 * turns keeping off for that pool.
 */
public final class SessionReset {
    /** The count first, so that its rows are the query's first result; all of it runs as one implicit transaction. */
    public static final String LIGHT = "SELECT pg_catalog.pg_advisory_unlock_all(), count(*) FILTER (WHERE from_sql),"
            + " count(*) FILTER (WHERE NOT from_sql) FROM pg_catalog.pg_prepared_statements;"
            + " CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *; DISCARD TEMP; DISCARD SEQUENCES";
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private final PreparedOnConnections statements;
    private volatile boolean light = true;

    SessionReset(PreparedOnConnections statements) {
        this.statements = statements;
    }

    /** Whether calls may keep statements on their connections now. */
    boolean keeping() {
        return light && statements.enabled();
    }

    /** ROLLBACK and the reset, pipelined; a second round trip only when DISCARD ALL must follow. */
    Uni<Void> end(SqlConnection connection) {
        Uni<?> rollback = connection.query("ROLLBACK").execute().onFailure().recoverWithNull();
        if (!keeping()) {
            statements.forget(connection);
            return Uni.combine().all().unis(rollback, discardAll(connection)).discardItems();
        }
        int expected = statements.count(connection);
        Uni<Boolean> clean = connection.query(LIGHT).execute().map(rows -> onlyKept(rows, expected))
                .onFailure().recoverWithItem(failure -> {
                    if (failure instanceof io.vertx.pgclient.PgException pg
                            && INSUFFICIENT_PRIVILEGE.equals(pg.getSqlState())) {
                        light = false;
                    }
                    return false;
                });
        return Uni.combine().all().unis(rollback, clean).asTuple().chain(both -> {
            if (both.getItem2()) {
                return Uni.createFrom().voidItem();
            }
            statements.forget(connection);
            return discardAll(connection);
        });
    }

    private static boolean onlyKept(RowSet<Row> rows, int expected) {
        Row row = rows.iterator().next();
        return row.getLong(1) == 0 && row.getLong(2) == expected;
    }

    private static Uni<Void> discardAll(SqlConnection connection) {
        return connection.query("DISCARD ALL").execute().onFailure().recoverWithNull().replaceWithVoid();
    }
}
