package dev.overtone.interpreter.service;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.runtime.memory.HeldBytes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The executor-svc results this replica holds for the Interpret calls in flight, at most
 * {@code overtone.interpreter.pipeline.held-bytes}. A call keeps every result it read until its answer is built, so
 * {@code pipeline.max-bytes} bounds one result and not what all calls hold: a call of 64 readings holds 64 results,
 * and any number of calls may run at once. Each call opens a {@link Hold} (InterpretationPipeline); its results take
 * from it as they arrive (BatchedExecution), and a result it cannot take fails its reading, RESOURCE_EXHAUSTED.
 */
@Singleton
public class HeldResults extends HeldBytes {

    @Inject
    HeldResults(InterpreterConfig config) {
        super(config.pipeline().heldBytes(), "interpreter-svc", "overtone.interpreter.pipeline.held-bytes", "retry the call");
    }
}
