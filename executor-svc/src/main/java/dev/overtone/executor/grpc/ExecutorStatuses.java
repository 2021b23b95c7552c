package dev.overtone.executor.grpc;

import dev.overtone.runtime.grpc.StatusTable;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * executor-svc's failures as gRPC statuses (overtone-runtime {@link StatusTable}): every refusal and outage the
 * sandbox knows is a {@code SandboxException} that carries its code (PERMISSION_DENIED naming the rule, NOT_FOUND,
 * DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE...), so the shared rows are the whole table. The failure of
 * one statement of an ExecuteBatch is answered in its result by the same table.
 */
public class ExecutorStatuses {

    @Produces
    @Singleton
    static StatusTable table() {
        return StatusTable.of("executor-svc").build();
    }
}
