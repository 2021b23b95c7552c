package dev.overtone.infill.client;

/** The LLM endpoint answered with something unusable (4xx, malformed JSON, no choices): retrying will not help. */
public class ModelFailure extends RuntimeException {
    public ModelFailure(String message) {
        super(message, null, false, false);
    }
}
