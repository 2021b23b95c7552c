package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.support.TestDatabase;
import dev.overtone.runtime.grpc.StatusTable;
import dev.overtone.runtime.testing.StatusAnswer;
import io.grpc.Status;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Row;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * clarify-svc's table. Its PostgreSQL out of reach is found by type and SQLSTATE in what the real Vert.x client
 * throws (wrapped, as Hibernate Reactive hands it on): a refused connection, a connection the server ended.
 */
class ClarifyStatusesTest {
    private final StatusTable table = ClarifyStatuses.table();
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aRefusedConnectionIsUnavailableSayingWhatToCheck() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Throwable refused = failure(PgConnection.connect(vertx, options("localhost", closed, "overtone", "overtone", "overtone")));

        Status status = table.status(new CompletionException(refused)).getStatus();

        assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(status.getDescription()).startsWith("clarify-svc cannot reach its PostgreSQL (")
                .contains(String.valueOf(closed))
                .endsWith("); check OVERTONE_PG_HOST/OVERTONE_PG_PORT and that the database is up");
    }

    @Test
    void aConnectionTheServerEndedIsUnavailable() throws Exception {
        try (TestDatabase db = TestDatabase.start()) {
            PgConnection connection = PgConnection.connect(vertx, options(db.host(), db.port(), db.database(), db.user(), db.password()))
                    .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
            Row pid = connection.query("SELECT pg_backend_pid()").execute()
                    .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS).iterator().next();
            try (Connection admin = db.connect(); Statement s = admin.createStatement()) {
                s.execute("SELECT pg_terminate_backend(" + pid.getInteger(0) + ")");
            }

            Throwable ended = failure(connection.query("SELECT 1").execute());

            assertThat(table.status(new CompletionException(ended)).getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        }
    }

    @Test
    void aQueryOnAConnectionAlreadyClosedIsUnavailableAndNoOtherBareClientFailure() {
        assertThat(table.status(new CompletionException(new NoStackTraceThrowable("Connection is not active now, current status: CLOSED")))
                .getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(table.status(new NoStackTraceThrowable("Pool closed")).getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        // a backend the server ended can also surface as the socket reset under the query
        assertThat(table.status(new CompletionException(new java.net.SocketException("Connection reset"))).getStatus().getCode())
                .isEqualTo(Status.Code.UNAVAILABLE);
    }

    @Test
    void onlyTheSqlStatesOfAServerThatIsGoingOrNotThereAreAnOutage() {
        assertThat(table.status(new PgException("the database system is starting up", "FATAL", "57P03", null)).getStatus().getCode())
                .isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(table.status(new PgException("connection failure", "FATAL", "08006", null)).getStatus().getCode())
                .isEqualTo(Status.Code.UNAVAILABLE);
        Status duplicate = table.status(new PgException("duplicate key value violates unique constraint", "ERROR", "23505", null)).getStatus();
        assertThat(duplicate.getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(duplicate.getDescription()).isEqualTo("clarify-svc failed unexpectedly; see its log");
    }

    @Test
    void aDialogueRefusalKeepsItsCode() {
        var failure = new ClarifyException(ClarifyException.Kind.ABORTED, "turn 1 of session s was already answered");
        assertThat(StatusAnswer.of(table, failure)).isEqualTo(StatusAnswer.keeping(Status.Code.ABORTED, failure));
    }

    private static PgConnectOptions options(String host, int port, String database, String user, String password) {
        return new PgConnectOptions().setHost(host).setPort(port).setDatabase(database).setUser(user).setPassword(password)
                .setConnectTimeout(5_000);
    }

    private static Throwable failure(Future<?> future) {
        Throwable thrown = catchThrowable(() -> future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS));
        assertThat(thrown).isInstanceOf(ExecutionException.class);
        return thrown.getCause();
    }
}
