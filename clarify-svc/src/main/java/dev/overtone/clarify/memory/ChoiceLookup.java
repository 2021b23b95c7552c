package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.JsonColumns;
import dev.overtone.clarify.service.CallerContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The remembered choices that could decide forks of a question of a tenant's database: the database's unexpired
 * choices, newest first, the newest {@link #CONSULTED} of them. It runs on every Recall (every Interpret with two
 * readings or more), and most databases answer it with no row, so it is one prepared statement on the reactive pool
 * (no ORM session, no query translation), and a Recall with no row needs no forks at all.
 */
@ApplicationScoped
public class ChoiceLookup {
    /** The most choices of one database a question is matched against (the newest). */
    static final int CONSULTED = 500;

    private static final String NEWEST = """
            SELECT id, tenant, database_name, clause, pivot_term, chosen_value, rejected_values, chosen_label, question, source,
                chosen_at, expires_at
            FROM clarify_remembered_choice WHERE tenant = $1 AND database_name = $2 AND expires_at > $3
            ORDER BY chosen_at DESC, id DESC LIMIT $4""";

    /** Of these tenants' databases (two arrays, pairwise), those with any unexpired choice: the index's first row each. */
    private static final String REMEMBERING = """
            SELECT s.tenant, s.database_name FROM unnest($1::text[], $2::text[]) AS s(tenant, database_name)
            WHERE EXISTS (SELECT 1 FROM clarify_remembered_choice c
                WHERE c.tenant = s.tenant AND c.database_name = s.database_name AND c.expires_at > $3)""";

    /** Every scope with an unexpired choice: WatchMemory's snapshot. */
    private static final String EVERY_REMEMBERING = """
            SELECT DISTINCT tenant, database_name FROM clarify_remembered_choice WHERE expires_at > $1""";

    @Inject
    ClarifyConfig config;
    @Inject
    Pool pool;
    @Inject
    ChoiceCache cache;
    @Inject
    MemoryListener listener;

    /**
     * The unexpired choices of this tenant's database, newest first, answered on the caller's context: from the cache
     * while the listener hears every change ({@link ChoiceCache}), else read (and kept when nothing changed meanwhile).
     */
    public Uni<List<Choice>> candidates(String tenant, String database) {
        if (!config.memory().enabled()) {
            return Uni.createFrom().item(List.of());
        }
        MemoryScope scope = new MemoryScope(tenant, database);
        Instant now = Instant.now();
        boolean cacheable = listener.cacheable();
        Optional<List<Choice>> held = cacheable ? cache.get(scope, now) : Optional.empty();
        if (held.isPresent()) {
            return Uni.createFrom().item(held.get());
        }
        ChoiceCache.Stamp stamp = cache.stamp(scope);
        var caller = CallerContext.of(Vertx.currentContext());
        return pool.preparedQuery(NEWEST).execute(Tuple.of(tenant, database, now.atOffset(ZoneOffset.UTC), CONSULTED))
                .map(rows -> {
                    List<Choice> out = new ArrayList<>(rows.size());
                    rows.forEach(row -> out.add(choice(row)));
                    if (cacheable) {
                        cache.keep(scope, stamp, out, out.size() < CONSULTED);
                    }
                    return out;
                })
                .emitOn(caller);
    }

    /** Which of these scopes remember any unexpired choice, answered on the caller's context. */
    public Uni<Set<MemoryScope>> remembering(List<MemoryScope> scopes) {
        if (!config.memory().enabled()) {
            return Uni.createFrom().item(Set.of());
        }
        var caller = CallerContext.of(Vertx.currentContext());
        String[] tenants = scopes.stream().map(MemoryScope::tenant).toArray(String[]::new);
        String[] databases = scopes.stream().map(MemoryScope::database).toArray(String[]::new);
        return pool.preparedQuery(REMEMBERING).execute(Tuple.of(tenants, databases, Instant.now().atOffset(ZoneOffset.UTC)))
                .map(rows -> {
                    Set<MemoryScope> out = new HashSet<>();
                    rows.forEach(row -> out.add(new MemoryScope(row.getString("tenant"), row.getString("database_name"))));
                    return out;
                })
                .emitOn(caller);
    }

    /** Every tenant's database that remembers an unexpired choice, on whatever thread the pool answers. */
    public Uni<List<MemoryScope>> remembering() {
        return pool.preparedQuery(EVERY_REMEMBERING).execute(Tuple.of(Instant.now().atOffset(ZoneOffset.UTC))).map(rows -> {
            List<MemoryScope> out = new ArrayList<>(rows.size());
            rows.forEach(row -> out.add(new MemoryScope(row.getString("tenant"), row.getString("database_name"))));
            return out;
        });
    }

    private static Choice choice(Row r) {
        return new Choice(r.getUUID("id"), r.getString("tenant"), r.getString("database_name"), r.getString("clause"),
                r.getString("pivot_term"), r.getString("chosen_value"), JsonColumns.strings(r.getString("rejected_values")),
                r.getString("chosen_label"), r.getString("question"), Choice.Source.valueOf(r.getString("source")),
                r.getOffsetDateTime("chosen_at").toInstant(), r.getOffsetDateTime("expires_at").toInstant());
    }
}
