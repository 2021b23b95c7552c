package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.RememberedChoices;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;

/** The remembered choices a question of a tenant's database could use: one indexed query, or none when none can apply. */
@ApplicationScoped
public class ChoiceLookup {
    @Inject
    ClarifyConfig config;

    /** The unexpired choices of this tenant's database, newest first; empty without a query when memory is off or one reading is all there is. */
    public Uni<List<Choice>> active(String tenant, String database, int readings) {
        if (!config.memory().enabled() || readings < 2) {
            return Uni.createFrom().item(List.of());
        }
        return Panache.withSession(() -> RememberedChoices.active(tenant, database, Instant.now()));
    }
}
