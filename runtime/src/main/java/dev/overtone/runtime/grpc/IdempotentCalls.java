package dev.overtone.runtime.grpc;

import java.util.List;

/**
 * The downstream RPCs that read and change nothing, so that sending one twice is harmless: only these
 * are retried by the channel. Parse (an LLM call), Infill (LLM calls), and the clarification dialogue's
 * Start and Answer (they write a session) are not.
 */
public final class IdempotentCalls {
    /** {@code service -> methods}, by their full proto names. */
    public static final List<Method> METHODS = List.of(
            new Method("overtone.v1.ExecutorService", "Describe"),
            new Method("overtone.v1.ExecutorService", "Execute"),
            new Method("overtone.v1.ExecutorService", "ExecuteBatch"),
            new Method("overtone.v1.ParserService", "Analyze"),
            new Method("overtone.v1.ParserService", "Variants"),
            new Method("overtone.v1.ParserService", "AnalyzeBatch"),
            new Method("overtone.v1.ParserService", "VariantsBatch"),
            new Method("overtone.v1.ParserService", "Verbalize"),
            new Method("overtone.v1.ParserService", "Normalize"));

    private IdempotentCalls() {
    }

    /** A method of a gRPC service, e.g. {@code overtone.v1.ExecutorService/Execute}. */
    public record Method(String service, String name) {
    }
}
