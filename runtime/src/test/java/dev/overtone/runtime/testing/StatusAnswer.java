package dev.overtone.runtime.testing;

import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Status;

/**
 * What a service's status table answers a failure with, its code and its description, as one value: a test compares it
 * whole with the answer it expects, and a failure prints both parts.
 */
public record StatusAnswer(Status.Code code, String description) {

    public static StatusAnswer of(StatusTable table, Throwable failure) {
        Status status = table.status(failure).getStatus();
        return new StatusAnswer(status.getCode(), status.getDescription());
    }

    /** The answer that passes {@code failure}'s own message on, word for word, under {@code code}. */
    public static StatusAnswer keeping(Status.Code code, Throwable failure) {
        return new StatusAnswer(code, failure.getMessage());
    }
}
