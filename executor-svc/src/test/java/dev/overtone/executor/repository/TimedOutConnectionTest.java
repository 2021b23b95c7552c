package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.Runaway;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.grpc.Status;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * A SQLite connection whose statement outran its time limit is closed, not kept for the next statement (an
 * interrupt that comes late would reach that one); a connection whose statement ended in time is kept.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class TimedOutConnectionTest {
    @Inject
    SqliteEngine engine;

    @Inject
    TenantRegistry registry;

    @Test
    void theConnectionOfATimedOutStatementIsClosedAndTheNextStatementGetsAnother() {
        TenantDatabase hotels = registry.lookup("demo", "hotels");
        engine.executeBlocking(hotels, "SELECT count(*) FROM hotels", false, limits(5_000));
        int idle = engine.idleConnections();
        assertThat(idle).as("a statement that ended in time gives its connection back").isPositive();

        SandboxException e = catchThrowableOfType(() -> engine.executeBlocking(hotels, Runaway.SQL, false,
                limits(200)), SandboxException.class);
        assertThat(e.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(engine.idleConnections()).as("the timed-out statement's connection was closed").isEqualTo(idle - 1);

        assertThat(engine.executeBlocking(hotels, "SELECT count(*) FROM hotels", false, limits(5_000)).rows())
                .hasSize(1);
    }

    private static ExecutionLimits limits(long timeoutMillis) {
        return new ExecutionLimits(timeoutMillis, System.nanoTime() + timeoutMillis * 1_000_000L, 100, 1 << 20, 100,
                1 << 16, 1 << 20);
    }
}
