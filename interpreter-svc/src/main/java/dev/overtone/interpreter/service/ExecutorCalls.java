package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import io.grpc.Status;

/** The executor-svc call the execute stage makes. */
public interface ExecutorCalls {
    /** ExecuteBatch within {@code callTimeoutMs}; a failed call throws {@link DownstreamFailure}. */
    ExecuteBatchResponse executeBatch(ExecuteBatchRequest request, long callTimeoutMs);

    /** One statement's failure within a batch, phrased as the failure of an Execute call of {@code timeoutMs}. */
    DownstreamFailure failure(String rpc, long timeoutMs, Status status);
}
