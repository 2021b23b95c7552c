package dev.overtone.interpreter.service;

import java.util.List;

/**
 * Every downstream call the pipeline's stages make, as narrow interfaces: {@link DownstreamCalls} over gRPC in the
 * service, plain Java objects in the pipeline's unit tests.
 */
public interface StageCalls extends ParserCalls, ExecutorCalls, InfillStage.Infill, ClarifyStage.Start,
        RecallStage.Recall {

    /** clarify-svc's Remembers within a deadline: one answer per scope, in order; a failed call throws. */
    List<Boolean> remembers(List<MemoryProbes.Scope> scopes, long timeoutMs);
}
