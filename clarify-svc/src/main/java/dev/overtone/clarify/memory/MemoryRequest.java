package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.StartCommand;
import java.util.List;

/** A Recall or Choose: whose memory, the question and the candidates it is about. */
public record MemoryRequest(String tenant, String database, String question, List<StartCommand.CandidateInput> candidates) {

    /** Refuses a request that does not say whose memory it is about. */
    void requireOwner(String rpc) {
        new MemoryScope(tenant, database).requireOwner(rpc);
    }
}
