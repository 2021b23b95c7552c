package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import java.sql.SQLException;

/** What a SQLite failure means to the caller: each result code as a gRPC status with an actionable message. */
final class SqliteErrors {
    private SqliteErrors() {
    }

    static SandboxException deadline(TenantDatabase database, ExecutionLimits limits) {
        return SandboxException.deadline("the statement on " + database.key() + " ran past its time limit of "
                + limits.timeoutMillis() + " ms and was interrupted");
    }

    static SandboxException translate(TenantDatabase database, SQLException e, ExecutionLimits limits,
            SqliteConnectionLimits connectionLimits) {
        int primary = e.getErrorCode() & 0xff;
        String message = e.getMessage() == null ? "" : e.getMessage().replace("[SQLITE_ERROR] SQL error or missing database ", "");
        if (primary == 9 || limits.expired()) { // SQLITE_INTERRUPT
            return deadline(database, limits);
        }
        SandboxException limit = connectionLimits.refusal(primary, message).orElse(null);
        if (limit != null) {
            return limit;
        }
        return switch (primary) {
            case 8, 23 -> SandboxException.denied("engine-read-only", "SQLite refused to write or to authorize: "
                    + message); // SQLITE_READONLY, SQLITE_AUTH
            case 7 -> SandboxException.exhausted("SQLite ran out of memory: " + message
                    + "; retry later, or make the query need less"); // SQLITE_NOMEM
            case 5, 6, 10, 11, 14, 26 -> SandboxException.unavailable("the SQLite database of " + database.key()
                    + " is not usable now: " + message + "; retry later");
            default -> SandboxException.invalid("SQLite rejected the statement: " + message);
        };
    }
}
