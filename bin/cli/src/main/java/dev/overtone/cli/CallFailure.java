package dev.overtone.cli;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Prints a failed call the way a person can act on it, and chooses the exit code. */
final class CallFailure {

    private CallFailure() {
    }

    static int report(String service, StatusRuntimeException e) {
        Status status = e.getStatus();
        String detail = status.getDescription() == null ? "" : ": " + status.getDescription();
        System.err.println(service + " answered " + status.getCode() + detail);
        if (status.getCode() == Status.Code.UNAVAILABLE) {
            System.err.println("Is the suite running? Start it with: bin/overtone up");
        }
        return 2;
    }
}
