package dev.overtone.interpreter.service;

/**
 * Every downstream call the pipeline's stages make, as narrow interfaces: {@link DownstreamCalls} over gRPC in the
 * service, plain Java objects in the pipeline's unit tests.
 */
public interface StageCalls extends ParserCalls, ExecutorCalls, InfillStage.Infill, ClarifyStage.Start,
        RecallStage.Recall {
}
