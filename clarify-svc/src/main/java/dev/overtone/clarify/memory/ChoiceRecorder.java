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

/**
 * Writes forks' choices to the tenant's memory, inside the caller's transaction, each expiring after the configured ttl.
 * A column chosen anew takes with it the columns remembered beside the column it replaces ({@link ShownBeside}).
 */
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
        if (forks.stream().anyMatch(f -> ForkReach.SHOWN.equals(f.clause()))) {
            // a column chosen anew (another column, or for another question) strands what was shown beside the old one
            chain = chain.chain(() -> RememberedChoices.deleteStrandedBeside(tenant, database, ForkReach.SHOWN)).replaceWithVoid();
        }
        return chain.chain(() -> notifyWatchers(new MemoryScope(tenant, database))).replaceWith(stored);
    }

    /** Tells every replica's watchers that this tenant's database now remembers a choice (MemoryListener). */
    private Uni<Void> notifyWatchers(MemoryScope scope) {
        return send(ScopeNotice.CHANNEL, new ScopeNotice(scope, echoes.expect(), nowMicros()));
    }

    /**
     * In the forgetting transaction: tells every replica's cache that choices of this scope (its database empty: of every
     * database of the tenant) are gone; the call waits for its echo as a recording one does.
     */
    public Uni<Void> forgotten(MemoryScope scope) {
        return enabled() ? send(ScopeNotice.FORGOTTEN_CHANNEL, new ScopeNotice(scope, echoes.expect(), nowMicros()))
                : Uni.createFrom().voidItem();
    }

    private static Uni<Void> send(String channel, ScopeNotice notice) {
        return Panache.getSession().chain(s -> s.createNativeQuery(NOTIFY).setParameter(1, channel)
                .setParameter(2, notice.payload()).getSingleResult()).replaceWithVoid();
    }

    private static long nowMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
