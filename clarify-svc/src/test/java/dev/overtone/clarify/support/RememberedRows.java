package dev.overtone.clarify.support;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/** Remembered choices written straight into clarify_remembered_choice, as Choose's recorder leaves them. */
public final class RememberedRows {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private RememberedRows() {
    }

    /** A SELECT choice: the pivot term {@code term} read as reviews.score rather than hotels.stars or hotels.price; its id. */
    public static UUID remember(Pool pool, String tenant, String database, String term, Instant chosenAt, Instant expiresAt) {
        UUID id = UUID.randomUUID();
        pool.preparedQuery("""
                INSERT INTO clarify_remembered_choice (id, tenant, database_name, clause, pivot_term, fork_key, chosen_value,
                    rejected_values, chosen_label, question, source, chosen_at, expires_at)
                VALUES ($1, $2, $3, 'select', $4, $5, 'reviews.score', '["hotels.stars","hotels.price"]', 'reviews.score',
                    'the rating of each hotel', 'CALLER', $6, $7)""")
                .execute(Tuple.tuple(List.of(id, tenant, database, term, id.toString().replace("-", ""),
                        chosenAt.atOffset(ZoneOffset.UTC), expiresAt.atOffset(ZoneOffset.UTC))))
                .await().atMost(WAIT);
        return id;
    }
}
