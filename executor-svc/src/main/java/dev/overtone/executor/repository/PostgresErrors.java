package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import io.vertx.pgclient.PgException;
import java.util.concurrent.TimeoutException;

/** What a PostgreSQL failure means to the caller: each SQLSTATE class as a gRPC status with an actionable message. */
final class PostgresErrors {
    private PostgresErrors() {
    }

    static SandboxException deadline(TenantDatabase database, ExecutionLimits limits) {
        return SandboxException.deadline("the statement on " + database.key() + " ran past its time limit of "
                + limits.timeoutMillis() + " ms and was cancelled on the server");
    }

    static SandboxException unreachable(TenantDatabase database, Throwable e) {
        if (e instanceof SandboxException sandbox) {
            return sandbox;
        }
        if (e instanceof PgException pg && pg.getSqlState() != null && pg.getSqlState().startsWith("28")) {
            return SandboxException.unavailable("PostgreSQL refused the executor's login to " + database.key()
                    + "; check its username and password settings (a retry fails the same way until they are fixed)");
        }
        String reason = e instanceof TimeoutException ? "no answer in time"
                : e.getMessage() == null ? "the connection failed" : e.getMessage();
        return SandboxException.unavailable("the PostgreSQL database of " + database.key() + " is unreachable: "
                + reason + "; retry once it is back");
    }

    static SandboxException translate(TenantDatabase database, Throwable e, ExecutionLimits limits) {
        if (!(e instanceof PgException pg) || pg.getSqlState() == null) {
            return limits.expired() ? deadline(database, limits) : unreachable(database, e);
        }
        String state = pg.getSqlState();
        String message = pg.getErrorMessage();
        return switch (state) {
            case "57014", "25P03" -> deadline(database, limits);
            case "25006" -> SandboxException.denied("engine-read-only",
                    "PostgreSQL refused a write in the read-only transaction: " + message);
            case "42501" -> SandboxException.denied("engine-privilege",
                    "the tenant's role may not do this: " + message);
            default -> {
                if (state.startsWith("54")) {
                    yield SandboxException.exhausted("PostgreSQL refused to build a value past its own limit (1 GB"
                            + " per value; the executor only ever receives a cut of limits.max-cell-bytes): "
                            + message + "; make the query build less (the same statement fails again)");
                }
                if (state.startsWith("53")) {
                    yield SandboxException.exhausted("PostgreSQL ran out of a resource: " + message
                            + "; retry later, or make the query need less");
                }
                if (state.startsWith("08") || state.startsWith("57") || state.startsWith("3D")
                        || state.startsWith("28")) {
                    yield unreachable(database, e);
                }
                yield SandboxException.invalid("PostgreSQL rejected the statement (" + state + "): " + message);
            }
        };
    }
}
