package dev.overtone.runtime.grpc;

import java.util.List;

/**
 * The downstream RPCs that are safe to send twice: only these are retried by the channel (on another
 * replica, when the service runs several: the channel balances per call, {@link ChannelServiceConfig}).
 * <ul>
 * <li>Everything that reads and changes nothing: executor Describe, Execute, ExecuteBatch, StreamExecuteBatch (retried
 * only before its first result: the channel does not replay a stream that has answered); parser Analyze,
 * Variants, their batches, Verbalize, Normalize, and Parse and Repair (a model writes SQL; a repeat costs model
 * time, within the call's deadline, and changes nothing); infill Infill (the same); clarify Get.</li>
 * <li>clarify Answer: it writes a turn, but is idempotent on its {@code idempotency_key} (a repeat gets the
 * same turn back from PostgreSQL, whichever replica serves it); clarify Choose: it writes a remembered choice as an
 * upsert (a repeat refreshes the same row); clarify Recall, Remembers and ListChoices read.</li>
 * </ul>
 * Not retried: clarify Start (a repeat would open a second dialogue; Start has no idempotency key), Cancel
 * (a repeat of a Cancel that went through answers FAILED_PRECONDITION) and Forget (a repeat of a Forget by id that
 * went through answers NOT_FOUND), and interpreter Interpret and
 * StreamInterpret (the front door: no service calls them, and a stream cannot be replayed once it has answered).
 */
public final class IdempotentCalls {
    /** {@code service -> methods}, by their full proto names. */
    public static final List<Method> METHODS = List.of(
            new Method("overtone.v1.ExecutorService", "Describe"),
            new Method("overtone.v1.ExecutorService", "Execute"),
            new Method("overtone.v1.ExecutorService", "ExecuteBatch"),
            new Method("overtone.v1.ExecutorService", "StreamExecuteBatch"),
            new Method("overtone.v1.ParserService", "Analyze"),
            new Method("overtone.v1.ParserService", "Variants"),
            new Method("overtone.v1.ParserService", "AnalyzeBatch"),
            new Method("overtone.v1.ParserService", "VariantsBatch"),
            new Method("overtone.v1.ParserService", "Verbalize"),
            new Method("overtone.v1.ParserService", "Normalize"),
            new Method("overtone.v1.ParserService", "Parse"),
            new Method("overtone.v1.ParserService", "Repair"),
            new Method("overtone.v1.InfillService", "Infill"),
            new Method("overtone.v1.ClarifyService", "Answer"),
            new Method("overtone.v1.ClarifyService", "Get"),
            new Method("overtone.v1.ClarifyService", "Choose"),
            new Method("overtone.v1.ClarifyService", "Recall"),
            new Method("overtone.v1.ClarifyService", "Remembers"),
            new Method("overtone.v1.ClarifyService", "ListChoices"));

    private IdempotentCalls() {
    }

    /** A method of a gRPC service, e.g. {@code overtone.v1.ExecutorService/Execute}. */
    public record Method(String service, String name) {
    }
}
