package dev.overtone.interpreter.service;

/**
 * The caller cancelled the Interpret call (or its deadline passed): the pipeline stops where it is,
 * and its downstream calls, made in the call's gRPC context, are cancelled with it.
 */
public final class CallCancelled extends RuntimeException {
    private final String stage;

    public CallCancelled(String stage) {
        super("the caller cancelled the call; the pipeline stopped at stage " + stage, null, false, false);
        this.stage = stage;
    }

    public String stage() {
        return stage;
    }
}
