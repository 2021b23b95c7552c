package dev.overtone.executor.repository;

import io.vertx.sqlclient.PreparedStatement;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.Connection;
import io.vertx.sqlclient.impl.SqlConnectionInternal;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The statements each pooled PostgreSQL connection keeps prepared on the server (named statements, as pgjdbc keeps
 * its own once a statement repeats), per text, the least recently used closed first. A repeated statement is then
 * bound and run on its kept statement: no Parse, no plan. The session reset leaves them in place (it removes every
 * other kind of session state, {@link SessionReset}); when it cannot be sure that the server holds exactly these,
 * it runs DISCARD ALL and the connection's statements are forgotten here.
 *
 * A connection's statements are only read or changed by the call that holds the connection; this map of connections
 * is shared by every call of the engine.
 */
final class PreparedOnConnections {
    private final int perConnection;
    private final int maxRememberedLength;
    private final Map<Connection, LinkedHashMap<String, PreparedStatement>> kept = new IdentityHashMap<>();

    /**
     * @param perConnection statements kept per connection; 0 keeps none
     * @param maxRememberedLength the longest text kept prepared
     */
    PreparedOnConnections(int perConnection, int maxRememberedLength) {
        this.perConnection = perConnection;
        this.maxRememberedLength = maxRememberedLength;
    }

    boolean enabled() {
        return perConnection > 0 && IDENTIFIABLE;
    }

    /** The statement kept prepared for this text on this connection, or null. */
    synchronized PreparedStatement get(SqlConnection connection, String sql) {
        if (!enabled()) {
            return null;
        }
        Map<String, PreparedStatement> statements = kept.get(identity(connection));
        return statements == null ? null : statements.get(sql);
    }

    /**
     * Keeps a statement that has just run well; a statement kept before for the same text, and the least recently
     * used past the bound, are closed (queued on the connection, which the caller holds). Without keeping, closes it.
     */
    synchronized void keep(SqlConnection connection, String sql, PreparedStatement prepared) {
        if (!enabled() || sql.length() > maxRememberedLength) {
            closeLater(prepared);
            return;
        }
        Connection key = identity(connection);
        LinkedHashMap<String, PreparedStatement> statements = kept.get(key);
        if (statements == null) {
            kept.keySet().removeIf(other -> !other.isValid()); // connections the pool has closed since
            statements = new LinkedHashMap<>(16, 0.75f, true);
            kept.put(key, statements);
        }
        PreparedStatement before = statements.put(sql, prepared);
        if (before != null && before != prepared) {
            closeLater(before);
        }
        if (statements.size() > perConnection) {
            var eldest = statements.entrySet().iterator().next();
            statements.remove(eldest.getKey());
            closeLater(eldest.getValue());
        }
    }

    /** Closes and forgets a kept statement that failed (a changed schema, a statement the server no longer has). */
    synchronized void drop(SqlConnection connection, String sql) {
        Map<String, PreparedStatement> statements = enabled() ? kept.get(identity(connection)) : null;
        PreparedStatement dropped = statements == null ? null : statements.remove(sql);
        if (dropped != null) {
            closeLater(dropped);
        }
    }

    /** How many statements this connection keeps, as the server should count its protocol-level statements. */
    synchronized int count(SqlConnection connection) {
        Map<String, PreparedStatement> statements = enabled() ? kept.get(identity(connection)) : null;
        return statements == null ? 0 : statements.size();
    }

    /** Forgets the connection's statements after DISCARD ALL has deallocated them on the server. */
    synchronized void forget(SqlConnection connection) {
        if (enabled()) {
            kept.remove(identity(connection));
        }
    }

    /** Connections whose statements are remembered here although the pool has closed them (for tests). */
    synchronized int closedConnectionsRemembered() {
        return (int) kept.keySet().stream().filter(connection -> !connection.isValid()).count();
    }

    /** Closes a statement without waiting: the Close is queued on the connection, pipelined with what follows. */
    static void closeLater(PreparedStatement prepared) {
        prepared.close();
    }

    static void closeLater(io.vertx.mutiny.sqlclient.PreparedStatement prepared) {
        closeLater(prepared.getDelegate());
    }

    /**
     * The client's connection to the server under a borrow (under the pool's wrapper, whose isValid() is always true):
     * the same object on every borrow of the same server session, no longer valid once that session is closed.
     */
    private static Connection identity(SqlConnection connection) {
        return ((SqlConnectionInternal) connection).unwrap().unwrap();
    }

    /** Whether the client's pooled connections can be told apart (its internals as of vertx-sql-client 4.5). */
    private static final boolean IDENTIFIABLE = identifiable();

    private static boolean identifiable() {
        try {
            SqlConnectionInternal.class.getMethod("unwrap");
            return true;
        } catch (NoSuchMethodException | LinkageError e) {
            return false;
        }
    }
}
