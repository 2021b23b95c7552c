package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Stage;

/** Progress of one Interpret call, for StreamInterpret. Called from worker threads, in order. */
public interface PipelineListener {
    PipelineListener NONE = new PipelineListener() {
    };

    default void stageStarted(Stage stage) {
    }

    default void stageFinished(Stage stage, long micros, String detail) {
    }

    /** A new distinct result; its probability is not known until the end (0 here). */
    default void interpretationAdded(Interpretation interpretation) {
    }
}
