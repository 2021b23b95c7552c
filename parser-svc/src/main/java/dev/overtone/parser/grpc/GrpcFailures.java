package dev.overtone.parser.grpc;

import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.runtime.grpc.FailureStatus;
import io.grpc.Status;

/**
 * parser-svc's failures as gRPC statuses: SQL that does not parse is the caller's (INVALID_ARGUMENT), a
 * missing precondition such as an unconfigured LLM is FAILED_PRECONDITION; the rest as every service says them.
 */
final class GrpcFailures {
    private static final String SERVICE = "parser-svc";

    private GrpcFailures() {
    }

    static Throwable toStatus(Throwable t) {
        if (t instanceof SqlSyntaxException e) return FailureStatus.status(Status.Code.INVALID_ARGUMENT, e.getMessage(), SERVICE);
        if (t instanceof IllegalStateException e) return FailureStatus.status(Status.Code.FAILED_PRECONDITION, e.getMessage(), SERVICE);
        return FailureStatus.of(SERVICE, t);
    }
}
