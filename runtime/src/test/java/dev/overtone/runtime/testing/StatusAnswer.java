package dev.overtone.runtime.testing;

import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Status;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.provider.Arguments;

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

    /** A {@link StatusTableCases} row: {@code failure} passes its own message on under {@code code}. */
    public static Arguments kept(String name, Status.Code code, Throwable failure) {
        return Arguments.of(Named.of(name, failure), keeping(code, failure));
    }

    /** A {@link StatusTableCases} row: an unforeseen {@code failure} is INTERNAL, naming the service and nothing of its insides. */
    public static Arguments unforeseen(String name, String service, Throwable failure) {
        return Arguments.of(Named.of(name, failure), new StatusAnswer(Status.Code.INTERNAL, service + " failed unexpectedly; see its log"));
    }
}
