package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.RememberedChoices;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Writes forks' choices to the tenant's memory, inside the caller's transaction, each expiring after the configured ttl. */
@ApplicationScoped
public class ChoiceRecorder {
    @Inject
    ClarifyConfig config;

    public boolean enabled() {
        return config.memory().enabled();
    }

    /** The choices as now stored (one per fork), in the order given; none when memory is off. */
    public Uni<List<Choice>> record(String tenant, String database, String question, Choice.Source source, List<ForkChoice> forks) {
        List<Choice> stored = new ArrayList<>();
        if (!enabled() || forks.isEmpty()) {
            return Uni.createFrom().item(stored);
        }
        Instant now = Instant.now();
        // one statement at a time: a Hibernate Reactive session runs no two at once
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (ForkChoice fork : forks) {
            chain = chain.chain(() -> RememberedChoices.upsert(tenant, database, question, source, fork, now, config.memory().ttl())
                    .invoke(stored::add).replaceWithVoid());
        }
        return chain.replaceWith(stored);
    }
}
