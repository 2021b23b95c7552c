package dev.overtone.infill.client;

/** A failure worth one more try: HTTP 429 or 5xx, a refused or reset connection. */
public class RetryableModelFailure extends ModelFailure {
    public RetryableModelFailure(String message) {
        super(message);
    }
}
