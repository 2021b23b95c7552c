package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.Runaway;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.grpc.Status;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server itself stops a runaway statement at the call's limit, whether the limit is the connection's own
 * statement_timeout (a call at that limit sends no SET LOCAL: SessionSetUp) or the call's own, shorter or longer.
 * The engine is called directly, so nothing but the server ends the statement: the call fails only when the server
 * cancels it. The engine here starts its connections at 2 s.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ServerStatementTimeoutTest {
    private static final long CONNECTION_MILLIS = 2_000;

    @Inject
    DemoPostgres demo;

    private PostgresEngine engine;

    /** Its pool started and connected by a first call, so that a timed call's set-up has its whole limit left. */
    @BeforeEach
    void engineWhoseConnectionsStartAtTwoSeconds() {
        engine = demo.engine(Map.of("statementTimeout", Duration.ofMillis(CONNECTION_MILLIS)));
        engine.execute(demo.database(), "SELECT 1 AS one", false, CallLimits.ordinary()).await().atMost(Duration.ofSeconds(10));
    }

    @AfterEach
    void close() {
        engine.close();
    }

    @Test
    void aStatementAtTheConnectionsLimitIsStoppedByTheConnectionsOwnTimeout() {
        long took = millisUntilTheServerStops(CONNECTION_MILLIS);
        assertThat(took).isBetween(CONNECTION_MILLIS - 100, CONNECTION_MILLIS + 1_000);
    }

    @Test
    void aCallersShorterDeadlineIsStoppedByTheServerAtTheDeadline() {
        assertThat(millisUntilTheServerStops(300)).isLessThan(300 + 1_000);
    }

    @Test
    void aLongerLimitThanTheConnectionsIsTheCallsOwn() {
        assertThat(millisUntilTheServerStops(3_000)).isBetween(3_000L - 100, 3_000L + 1_000);
    }

    private long millisUntilTheServerStops(long limitMillis) {
        long start = System.nanoTime();
        SandboxException stopped = catchThrowableOfType(() -> engine.execute(demo.database(), Runaway.SQL, false,
                CallLimits.within(limitMillis)).await().atMost(Duration.ofSeconds(10)), SandboxException.class);
        long took = (System.nanoTime() - start) / 1_000_000;
        assertThat(stopped).as("the server cancelled the statement").isNotNull();
        assertThat(stopped.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        return took;
    }
}
