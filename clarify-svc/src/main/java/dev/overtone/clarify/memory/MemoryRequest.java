package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.StartCommand;
import java.util.List;

/** A Recall or Choose: whose memory, the question and the candidates it is about. */
public record MemoryRequest(String tenant, String database, String question, List<StartCommand.CandidateInput> candidates) {

    /** Refuses a request that does not say whose memory it is about. */
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
