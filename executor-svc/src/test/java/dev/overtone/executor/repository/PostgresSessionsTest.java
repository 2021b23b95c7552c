package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.grpc.Status;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The session every PostgreSQL call gets, on the demo tenant's database as its reader role, from a pool of one
 * connection: a read-only transaction timed by the call's limit in the tenant's schema, a write refused by the server,
 * a call that finds no free connection within its limit refused, and the connection back in the pool after each call.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class PostgresSessionsTest {
    @Inject
    DemoPostgres postgres;

    private PostgresSessions sessions;
    private TenantDatabase demo;

    @BeforeEach
    void onePooledConnection() {
        sessions = postgres.sessions(Map.of("maxSize", 1));
        demo = postgres.database();
    }

    @AfterEach
    void close() {
        sessions.close();
    }

    @Test
    void aCallRunsInAReadOnlyTransactionTimedByItsLimitInTheTenantsSchema() {
        List<String> settings = run(CallLimits.within(2_500), connection -> shown(connection, "transaction_read_only")
                .chain(readOnly -> shown(connection, "statement_timeout").chain(timeout -> shown(connection, "search_path")
                        .map(path -> List.of(readOnly, timeout, path)))));

        assertThat(settings.get(0)).isEqualTo("on");
        assertThat(settings.get(1)).matches("2[0-9]{3}ms");
        assertThat(settings.get(2)).contains(PostgresTenant.DEMO.schema());
    }

    @Test
    void aWriteIsRefusedByTheServerAndTheConnectionServesTheNextCall() {
        SandboxException refused = catchThrowableOfType(SandboxException.class, () -> run(CallLimits.within(5_000),
                connection -> connection.query("CREATE TEMP TABLE scratch (i int)").execute()));

        assertThat(refused.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(refused.rule()).isEqualTo("engine-read-only");
        assertThat(count()).isEqualTo(8);
    }

    @Test
    void aCallThatFindsNoFreeConnectionWithinItsLimitIsRefusedAndTheConnectionIsLentAgainOnceFree() {
        CompletableFuture<Void> lent = new CompletableFuture<>();
        CompletableFuture<Long> release = new CompletableFuture<>();
        CompletableFuture<Long> held = sessions.inReadOnlyTransaction(demo, CallLimits.within(10_000), connection -> {
            lent.complete(null);
            return Uni.createFrom().completionStage(release);
        }).subscribeAsCompletionStage().toCompletableFuture();
        assertThat(lent).succeedsWithin(Duration.ofSeconds(10));

        SandboxException waited = catchThrowableOfType(SandboxException.class, () -> run(CallLimits.within(300),
                connection -> connection.query("SELECT 1").execute()));
        assertThat(waited.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(waited).hasMessage("no connection to demo/hotels-pg became free within the time limit of 300 ms");

        release.complete(1L);
        assertThat(held).succeedsWithin(Duration.ofSeconds(10)).isEqualTo(1L);
        assertThat(count()).as("the one connection, lent again").isEqualTo(8);
        assertThat(count()).as("and again: the waiter that gave up did not keep it").isEqualTo(8);
    }

    @Test
    void aCallWhoseTimeHasPassedBorrowsNothing() {
        ExecutionLimits passed = new ExecutionLimits(40, System.nanoTime() - 1, 10, 1_000, 10, 100, 1_000);

        SandboxException late = catchThrowableOfType(SandboxException.class, () -> run(passed, connection -> Uni.createFrom().item(1)));

        assertThat(late.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(late).hasMessage("the statement on demo/hotels-pg ran past its time limit of 40 ms and was cancelled on the server");
    }

    /** SHOW, not current_setting(): the tenant's role may not execute that function. */
    private static Uni<String> shown(SqlConnection connection, String setting) {
        return connection.query("SHOW " + setting).execute().map(rows -> rows.iterator().next().getString(0));
    }

    private long count() {
        return run(CallLimits.within(5_000), connection -> connection.query("SELECT count(*) FROM hotels").execute()
                .map(rows -> rows.iterator().next().getLong(0)));
    }

    private <T> T run(ExecutionLimits limits, Function<SqlConnection, Uni<T>> work) {
        return sessions.inReadOnlyTransaction(demo, limits, work).await().atMost(Duration.ofSeconds(30));
    }
}
