package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;

/**
 * The caller cancelled the Interpret call (or its deadline passed): the pipeline stops where it is,
 * and its downstream calls, made in the call's gRPC context, are cancelled with it.
 */
public final class CallCancelled extends RuntimeException {
    private final Stage stage;

    public CallCancelled(Stage stage) {
        super("the caller cancelled the call; the pipeline stopped at stage " + StageNames.of(stage), null, false, false);
        this.stage = stage;
    }

    public Stage stage() {
        return stage;
    }
}
