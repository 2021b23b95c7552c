package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.ExecuteResponse;

/** What executing one route gave: a result or a failure, never both. */
record Executed(Route route, ExecuteResponse result, DownstreamFailure failure) {
}
