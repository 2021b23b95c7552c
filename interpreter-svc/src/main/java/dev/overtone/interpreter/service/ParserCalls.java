package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.VerbalizeRequest;

/** The parser-svc calls the pipeline's stages make, each within a deadline, a failure returned as a value. */
public interface ParserCalls {
    Called<String> parse(ParseRequest request, long timeoutMs);

    Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs);

    Called<String> verbalize(VerbalizeRequest request, long timeoutMs);
}
