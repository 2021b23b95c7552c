package dev.overtone.runtime.llm;

/**
 * The endpoint did not answer within the client's HTTP timeout. Retryable like any passing fault, and
 * its own type so a caller whose retry would only multiply the wait can abort on it ({@code @Retry(abortOn)}).
 */
public class ModelTimeout extends RetryableModelFailure {
    public ModelTimeout(String message) {
        super(message);
    }

    @Override
    public boolean timedOut() {
        return true;
    }
}
