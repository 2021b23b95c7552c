package dev.overtone.runtime.grpc;

import io.grpc.Status;

/**
 * A service's own failure that knows which gRPC status it is. Its message is already phrased for the
 * caller (what went wrong and what to do), so {@link StatusTable} sends it as the status description.
 */
public interface StatusFailure {
    Status.Code statusCode();

    String getMessage();
}
