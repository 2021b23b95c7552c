package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.ClarifyException;

/** One tenant's database: what a remembered choice belongs to, and all a question may read of memory. */
public record MemoryScope(String tenant, String database) {

    /** Refuses a scope that does not say whose memory it is about. */
    void requireOwner(String rpc) {
        requireTenant(tenant, rpc);
        if (database == null || database.isBlank()) {
            throw ClarifyException.invalid(rpc + " needs the database the question is about: memory is kept per tenant and database");
        }
    }

    static void requireTenant(String tenant, String rpc) {
        if (tenant == null || tenant.isBlank()) {
            throw ClarifyException.invalid(rpc + " needs the tenant whose remembered choices it is about");
        }
    }
}
