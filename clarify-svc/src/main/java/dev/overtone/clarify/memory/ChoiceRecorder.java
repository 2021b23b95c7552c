package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.RememberedChoices;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.quarkus.hibernate.reactive.panache.Panache;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** Writes forks' choices to the tenant's memory, inside the caller's transaction, each expiring after the configured ttl. */
@ApplicationScoped
public class ChoiceRecorder {
    /** In the recording transaction: PostgreSQL delivers it at commit, to every replica listening, or not at all. */
    private static final String NOTIFY = "SELECT count(*) FROM (SELECT pg_notify(?1, ?2)) AS sent";

    @Inject
    ClarifyConfig config;
    @Inject
    MemoryEchoes echoes;

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
        return chain.chain(() -> notifyWatchers(new MemoryScope(tenant, database))).replaceWith(stored);
    }

    /** Tells every replica's watchers that this tenant's database now remembers a choice (MemoryListener). */
    private Uni<Void> notifyWatchers(MemoryScope scope) {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        ScopeNotice notice = new ScopeNotice(scope, echoes.expect(), micros);
        return Panache.getSession().chain(s -> s.createNativeQuery(NOTIFY).setParameter(1, ScopeNotice.CHANNEL)
                .setParameter(2, notice.payload()).getSingleResult()).replaceWithVoid();
    }
}
