package dev.overtone.executor.service.policy;

/**
 * A statement the policy allowed.
 *
 * @param sql the text to send to the engine: up to the end of the one statement (trailing semicolons and
 *        comments removed)
 * @param ordered true when the statement has a top-level ORDER BY, so row order is part of its result
 * @param explain true for a plain EXPLAIN: the engine runs it as it is (a plan cannot be a sub-query)
 */
public record AllowedStatement(String sql, boolean ordered, boolean explain) {
}
