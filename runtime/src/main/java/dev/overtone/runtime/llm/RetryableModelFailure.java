package dev.overtone.runtime.llm;

/** A failure worth one more try: HTTP 429 or 5xx, a refused or reset connection, a timeout, a body cut off. */
public class RetryableModelFailure extends ModelFailure {
    public RetryableModelFailure(String message) {
        super(message);
    }
}
