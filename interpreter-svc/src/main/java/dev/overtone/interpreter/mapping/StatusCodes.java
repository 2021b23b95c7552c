package dev.overtone.interpreter.mapping;

import dev.overtone.proto.v1.StatusCode;
import io.grpc.Status;

/** A gRPC status code as the contract's {@link StatusCode}: the same number, as common.proto numbers it after google.rpc.Code. */
public final class StatusCodes {

    private StatusCodes() {
    }

    public static StatusCode of(Status.Code code) {
        StatusCode typed = StatusCode.forNumber(code.value());
        if (typed == null) {
            throw new IllegalArgumentException("no StatusCode numbered " + code.value() + " for " + code);
        }
        return typed;
    }
}
