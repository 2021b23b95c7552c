package dev.overtone.infill.grpc;

import dev.overtone.runtime.grpc.StatusTable;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * infill-svc's failures as gRPC statuses (overtone-runtime {@link StatusTable}). A strategy whose backend is down
 * does not fail an Infill (the answer says it is degraded), so what is left is a request that cannot mean anything
 * (INVALID_ARGUMENT) and the unforeseen (INTERNAL): the shared rows are the whole table.
 */
public class InfillStatuses {

    @Produces
    @Singleton
    static StatusTable table() {
        return StatusTable.of("infill-svc").build();
    }
}
