package dev.overtone.executor.service.policy;

/**
 * A statement the policy allowed.
 *
 * @param sql the text to send to the engine (trailing semicolons removed)
 * @param ordered true when the statement has a top-level ORDER BY, so row order is part of its result
 */
public record AllowedStatement(String sql, boolean ordered) {
}
