package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.service.CallCancelled;
import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Status;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * interpreter-svc's failures as gRPC statuses (overtone-runtime {@link StatusTable}): a call its caller cancelled
 * is CANCELLED; the rest as every service answers them (a downstream's failure keeps the code it was given, e.g.
 * UNAVAILABLE "executor-svc is unavailable at host:port: ...").
 */
public class InterpreterStatuses {

    @Produces
    @Singleton
    static StatusTable table() {
        return StatusTable.of("interpreter-svc")
                .row(CallCancelled.class, Status.Code.CANCELLED, StatusTable.MESSAGE)
                .build();
    }
}
