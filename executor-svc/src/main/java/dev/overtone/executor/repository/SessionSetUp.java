package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import java.util.Map;

/**
 * The time limits of a call's session. Every connection starts with statement_timeout at {@code pool.statement-timeout}
 * (the limit most calls carry) and idle_in_transaction_session_timeout at the largest limit plus the slack (which only
 * guards the server against an executor that stops mid-call), so the set-up of a call at that limit is
 * {@code BEGIN READ ONLY} alone: one statement for the server instead of three. A call whose time left differs (another
 * timeout, a caller's deadline, time spent before the set-up) gets {@code SET LOCAL statement_timeout} as well, unless
 * it is shorter than the connection's by less than {@link ExecutionLimits#ENGINE_STOP_GRACE}: the server then stops it
 * within the grace the caller waits for the engine's stop anyway.
 */
final class SessionSetUp {
    private final long connectionMillis;
    private final long idleInTransactionMillis;

    SessionSetUp(ExecutorConfig.Limits limits, ExecutorConfig.PgPool pool) {
        this.connectionMillis = pool.statementTimeout().toMillis();
        this.idleInTransactionMillis = limits.maxTimeout().toMillis() + pool.idleInTransactionSlack().toMillis();
    }

    /** The two timeouts as start-up settings of a connection. */
    Map<String, String> connectionDefaults() {
        return Map.of("statement_timeout", Long.toString(connectionMillis),
                "idle_in_transaction_session_timeout", Long.toString(idleInTransactionMillis));
    }

    /** The set-up of a call with {@code remainingMillis} left. */
    String opening(long remainingMillis) {
        long timeout = Math.max(1, remainingMillis);
        long shorter = connectionMillis - timeout;
        return shorter >= 0 && shorter < ExecutionLimits.ENGINE_STOP_GRACE.toMillis() ? "BEGIN READ ONLY"
                : "BEGIN READ ONLY; SET LOCAL statement_timeout = " + timeout;
    }
}
