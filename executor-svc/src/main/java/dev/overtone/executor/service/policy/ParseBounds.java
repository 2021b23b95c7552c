package dev.overtone.executor.service.policy;

/**
 * Which statements are parsed on the calling thread: at most {@code maxTokens} tokens nested at most
 * {@code maxNesting} deep (parentheses, brackets and CASE together, as {@link ComplexityBounds} counts them).
 * Within these bounds JSqlParser's time is small and grows with the length, not exponentially with the
 * nesting (its backtracking lookahead is what makes deep nesting expensive); the worst cases are measured by
 * {@code PolicyCostBench}. Larger statements go to the parser pool, whose threads have a large stack.
 */
record ParseBounds(int maxTokens, int maxNesting) {
    boolean onCallingThread(int tokens, int nesting) {
        return tokens <= maxTokens && nesting <= maxNesting;
    }
}
