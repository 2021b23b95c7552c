package dev.overtone.runtime.llm;

/**
 * The LLM endpoint answered with something unusable (a 4xx, no text): retrying will not help. The
 * message says what happened in words a person can act on; no stack trace is kept (the cause chain
 * was read by {@link ModelFailures} and is of no further use).
 */
public class ModelFailure extends RuntimeException {
    public ModelFailure(String message) {
        super(message, null, false, false);
    }

    /** True when the endpoint did not answer within the client's timeout ({@link ModelTimeout}). */
    public boolean timedOut() {
        return false;
    }
}
