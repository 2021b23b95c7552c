package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.MemoryScopes;
import io.grpc.Status;
import java.util.Iterator;
import java.util.List;

/**
 * Every downstream call the pipeline's stages make, as narrow interfaces: {@link DownstreamCalls} over gRPC in the
 * service, plain Java objects in the pipeline's unit tests.
 */
public interface StageCalls extends ParserCalls, ExecutorCalls, InfillStage.Infill, ClarifyStage.Start,
        RecallStage.Recall {

    /** clarify-svc's Remembers within a deadline: one answer per scope, in order; a failed call throws. */
    List<Boolean> remembers(List<MemoryProbes.Scope> scopes, long timeoutMs);

    /**
     * clarify-svc's WatchMemory, ended by the current gRPC context's cancellation. Calls without one (the pipeline's
     * unit tests) say UNIMPLEMENTED, and every call then asks {@link #remembers}.
     */
    default Iterator<MemoryScopes> watchMemory() {
        throw Status.UNIMPLEMENTED.withDescription("no WatchMemory here").asRuntimeException();
    }
}
