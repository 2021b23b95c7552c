package dev.overtone.parser.service;

/** The LLM endpoint failed (an HTTP error, a refused connection) or was too slow (timedOut). */
public class LlmUnavailableException extends RuntimeException {
    private final boolean timedOut;

    public LlmUnavailableException(String message, boolean timedOut, Throwable cause) {
        super(message, cause);
        this.timedOut = timedOut;
    }

    public boolean timedOut() {
        return timedOut;
    }
}
