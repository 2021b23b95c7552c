package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.StatementResult;
import io.grpc.Status;

import java.util.function.Consumer;

/** The executor-svc call the execute stage makes. */
public interface ExecutorCalls {
    /**
     * StreamExecuteBatch within {@code callTimeoutMs}: each statement's result goes to {@code results} as it arrives, one
     * at a time, all before this returns (on another thread: the channel's); a failed call throws {@link DownstreamFailure}
     * (the results that arrived before it stay given).
     */
    void executeBatch(ExecuteBatchRequest request, long callTimeoutMs, Consumer<StatementResult> results);

    /** One statement's failure within a batch, phrased as the failure of an Execute call of {@code timeoutMs}. */
    DownstreamFailure failure(String rpc, long timeoutMs, Status status);
}
