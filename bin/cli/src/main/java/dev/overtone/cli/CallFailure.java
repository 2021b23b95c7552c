package dev.overtone.cli;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;

/** Prints a failed call the way a person can act on it, and chooses the exit code. */
final class CallFailure {

    private CallFailure() {
    }

    /** Says on {@code err} (the command's stderr) which service answered what. */
    static int report(PrintWriter err, String service, StatusRuntimeException e) {
        Status status = e.getStatus();
        String detail = status.getDescription() == null ? "" : ": " + status.getDescription();
        err.println(service + " answered " + status.getCode() + detail);
        if (status.getCode() == Status.Code.UNAVAILABLE) {
            err.println("Is the suite running? Start it with: bin/overtone up");
        }
        return 2;
    }
}
