package dev.overtone.clarify.grpc;

import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Status;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.SocketException;
import java.util.Set;

/**
 * clarify-svc's failures as gRPC statuses (overtone-runtime {@link StatusTable}). Its PostgreSQL out of reach is
 * UNAVAILABLE saying what to check, found by type wherever it lies in the cause chain (Hibernate Reactive wraps what
 * the Vert.x client threw): a refused or reset connection (a socket failure), a connection lost under a query or closed before it, or PostgreSQL saying it cannot
 * serve ({@link #OUTAGE_SQL_STATES}). Every dialogue refusal is a {@code ClarifyException} that carries its code.
 */
public class ClarifyStatuses {
    static final String DATABASE_DOWN = "clarify-svc cannot reach its PostgreSQL (" + StatusTable.MESSAGE
            + "); check OVERTONE_PG_HOST/OVERTONE_PG_PORT and that the database is up";

    /**
     * SQLSTATEs of a server that is going or not there: class 08 (connection exception), 57P01 admin_shutdown,
     * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery).
     */
    static final Set<String> OUTAGE_SQL_STATES = Set.of("57P01", "57P02", "57P03");

    @Produces
    @Singleton
    static StatusTable table() {
        return StatusTable.of("clarify-svc")
                .causedBy(SocketException.class, e -> true, Status.Code.UNAVAILABLE, DATABASE_DOWN)
                .causedBy(ClosedConnectionException.class, e -> true, Status.Code.UNAVAILABLE, DATABASE_DOWN)
                .causedBy(DatabaseException.class, ClarifyStatuses::outage, Status.Code.UNAVAILABLE, DATABASE_DOWN)
                .causedBy(NoStackTraceThrowable.class, ClarifyStatuses::closedConnection, Status.Code.UNAVAILABLE, DATABASE_DOWN)
                .build();
    }

    /**
     * A query sent on a connection the server has already closed: vertx-sql-client 4.5 fails it with a bare
     * {@code NoStackTraceThrowable} ("Connection is not active now, current status: CLOSED"), which has no type of its
     * own, so its message is the only thing that tells it from another failure of the client.
     */
    static boolean closedConnection(NoStackTraceThrowable e) {
        String message = e.getMessage();
        return message != null && message.startsWith("Connection is not active now");
    }

    static boolean outage(DatabaseException e) {
        String state = e.getSqlState();
        return state != null && (state.startsWith("08") || OUTAGE_SQL_STATES.contains(state));
    }
}
