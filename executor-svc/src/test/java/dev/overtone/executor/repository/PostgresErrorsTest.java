package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.PostgresTarget;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import io.grpc.Status;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/** PostgreSQL's failures that are not the statement's fault tell a person whether a retry can help. */
class PostgresErrorsTest {
    private static final TenantDatabase DATABASE = TenantDatabase.postgres("demo", "hotels-pg",
            new PostgresTarget("localhost", 5432, "tenants", "demo_hotels", "demo", () -> null));
    private static final ExecutionLimits LIMITS = ExecutionLimits.introspection(10_000, System.nanoTime() + 60_000_000_000L);

    @Test
    void anOutageSaysToRetryOnceTheDatabaseIsBack() {
        SandboxException down = PostgresErrors.unreachable(DATABASE, new ConnectException("Connection refused"));
        assertThat(down.code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(down.getMessage()).contains("Connection refused").endsWith("; retry once it is back");
    }

    @Test
    void aRefusedLoginSaysARetryFailsTheSameWay() {
        SandboxException login = translate("28P01", "password authentication failed");
        assertThat(login.code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(login.getMessage()).contains("username and password", "a retry fails the same way");
    }

    @Test
    void aResourceOutSaysToRetryLaterAndAValueTooBigThatTheSameStatementFailsAgain() {
        SandboxException out = translate("53200", "out of memory");
        assertThat(out.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(out.getMessage()).contains("out of memory", "retry later");
        SandboxException tooBig = translate("54000", "string is too long");
        assertThat(tooBig.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(tooBig.getMessage()).contains("the same statement fails again");
    }

    private static SandboxException translate(String state, String message) {
        return PostgresErrors.translate(DATABASE, new PgException(message, "ERROR", state, null), LIMITS);
    }
}
