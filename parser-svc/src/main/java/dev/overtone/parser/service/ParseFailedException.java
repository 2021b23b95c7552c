package dev.overtone.parser.service;

import dev.overtone.runtime.grpc.StatusFailure;
import io.grpc.Status;

/** No valid SQL came back after the re-asks (FAILED_PRECONDITION); the message carries the last error. */
public class ParseFailedException extends RuntimeException implements StatusFailure {
    public ParseFailedException(String message) {
        super(message);
    }

    @Override
    public Status.Code statusCode() {
        return Status.Code.FAILED_PRECONDITION;
    }
}
