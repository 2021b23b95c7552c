package dev.overtone.clarify.repository;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ForkChoice;
import dev.overtone.clarify.memory.ReadingSql;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The tenants' remembered choices in PostgreSQL. Every read is keyed by tenant (and database where one is given), so
 * no query returns another tenant's rows. Each runs inside the caller's Panache session or transaction.
 */
public final class RememberedChoices {
    /** Insert, or refresh the row of the same fork: its id stays, the rest is the latest choice; never a unique-key failure. */
    private static final String UPSERT = """
            INSERT INTO clarify_remembered_choice (id, tenant, database_name, clause, pivot_term, fork_key, chosen_value,
                rejected_values, chosen_label, question, source, chosen_at, expires_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            ON CONFLICT (tenant, database_name, fork_key) DO UPDATE SET chosen_value = EXCLUDED.chosen_value,
                rejected_values = EXCLUDED.rejected_values, chosen_label = EXCLUDED.chosen_label, question = EXCLUDED.question,
                source = EXCLUDED.source, chosen_at = EXCLUDED.chosen_at, expires_at = EXCLUDED.expires_at""";

    /**
     * The columns shown beside a chosen column ({@link Choice#SHOWN_BESIDE}) whose companion is no longer remembered as
     * they were recorded beside: no row of the companion clause holds their question and, as its chosen value, their one
     * "rejected" value (the same test as the matcher's, {@code ShownBeside.narrow}). NOT IN over columns that are all NOT
     * NULL (so the same rows), not a correlated NOT EXISTS, which took 0.6–0.9 s in some runs at a thousand chosen columns
     * (StrandedBesideBench, clarify-svc/README "Figures"): the companions can be hashed once.
     */
    private static final String DELETE_STRANDED_BESIDE = """
            DELETE FROM clarify_remembered_choice b
            WHERE b.tenant = ?1 AND b.database_name = ?2 AND b.clause = ?3
                AND (b.question, CAST(b.rejected_values AS jsonb)) NOT IN (
                    SELECT c.question, jsonb_build_array(c.chosen_value) FROM clarify_remembered_choice c
                    WHERE c.tenant = ?1 AND c.database_name = ?2 AND c.clause = ?4)""";

    private RememberedChoices() {
    }

    /** Stores a fork's choice (refreshing the same fork's row) and returns it as stored. */
    public static Uni<Choice> upsert(String tenant, String database, String question, Choice.Source source, ForkChoice fork,
            Instant now, Duration ttl) {
        Instant at = now.truncatedTo(ChronoUnit.MICROS); // PostgreSQL keeps microseconds; page tokens compare them exactly
        String forkKey = forkKey(fork, question);
        return Panache.getSession().chain(s -> s.createNativeQuery(UPSERT)
                        .setParameter(1, UUID.randomUUID()).setParameter(2, tenant).setParameter(3, database)
                        .setParameter(4, fork.clause()).setParameter(5, fork.pivotTerm()).setParameter(6, forkKey)
                        .setParameter(7, fork.chosenValue()).setParameter(8, JsonColumns.write(fork.rejectedValues()))
                        .setParameter(9, fork.chosenLabel()).setParameter(10, question == null ? "" : question)
                        .setParameter(11, source.name()).setParameter(12, at).setParameter(13, at.plus(ttl))
                        .executeUpdate())
                .chain(() -> RememberedChoiceEntity.<RememberedChoiceEntity>find("tenant = ?1 and database = ?2 and forkKey = ?3",
                        tenant, database, forkKey).<RememberedChoiceEntity>singleResult())
                .map(RememberedChoices::choice);
    }

    /**
     * Deletes the tenant's {@link Choice#SHOWN_BESIDE} rows of one database whose companion, a row of
     * {@code companionClause}, now holds another column or another question: they were recorded beside a choice since
     * replaced, and would be listed without ever meeting it again. The number deleted.
     */
    public static Uni<Integer> deleteStrandedBeside(String tenant, String database, String companionClause) {
        return Panache.getSession().chain(s -> s.createNativeQuery(DELETE_STRANDED_BESIDE).setParameter(1, tenant)
                .setParameter(2, database).setParameter(3, Choice.SHOWN_BESIDE).setParameter(4, companionClause).executeUpdate());
    }

    /**
     * A page of the tenant's unexpired choices (of one database, or all when {@code database} is empty), newest first,
     * after the position {@code after} (null for the first page); {@code limit} rows at most.
     */
    public static Uni<List<Choice>> page(String tenant, String database, PagePosition after, int limit, Instant now) {
        StringBuilder q = new StringBuilder("tenant = :tenant and expiresAt > :now");
        Parameters p = Parameters.with("tenant", tenant).and("now", now);
        if (!database.isEmpty()) {
            q.append(" and database = :database");
            p.and("database", database);
        }
        if (after != null) {
            q.append(" and (chosenAt < :at or (chosenAt = :at and id < :id))");
            p.and("at", after.chosenAt()).and("id", after.id());
        }
        q.append(" order by chosenAt desc, id desc");
        return RememberedChoiceEntity.<RememberedChoiceEntity>find(q.toString(), p).page(0, limit).list().map(RememberedChoices::choices);
    }

    /** Where a page ended: the last choice's time and id. */
    public record PagePosition(Instant chosenAt, UUID id) {
    }

    /**
     * Deletes one choice of the tenant (in {@code database} unless it is empty) and returns it as it was; null when the
     * tenant has no such choice (another tenant's id included) or another call deleted it first.
     */
    public static Uni<Choice> deleteOne(String tenant, String database, UUID id) {
        Uni<RememberedChoiceEntity> row = database.isEmpty()
                ? RememberedChoiceEntity.<RememberedChoiceEntity>find("tenant = ?1 and id = ?2", tenant, id).firstResult()
                : RememberedChoiceEntity.<RememberedChoiceEntity>find("tenant = ?1 and database = ?2 and id = ?3", tenant, database, id)
                        .firstResult();
        return row.chain(r -> r == null ? Uni.createFrom().<Choice>nullItem()
                : RememberedChoiceEntity.delete("id = ?1", id).map(n -> n == 0 ? null : choice(r)));
    }

    /** Deletes the tenant's choices in one database, or in all when {@code database} is empty. */
    public static Uni<Long> deleteAll(String tenant, String database) {
        return database.isEmpty()
                ? RememberedChoiceEntity.delete("tenant = ?1", tenant)
                : RememberedChoiceEntity.delete("tenant = ?1 and database = ?2", tenant, database);
    }

    /** Deletes every tenant's choices that expired before {@code now}. */
    public static Uni<Long> deleteExpired(Instant now) {
        return RememberedChoiceEntity.delete("expiresAt <= ?1", now);
    }

    /**
     * One fork, whichever way it was chosen: its clause, pivot term and the set of its values; for a whole reading, the
     * question it was chosen for (the latest reading chosen for a question is the one kept).
     */
    static String forkKey(ForkChoice fork, String question) {
        TreeSet<String> values = new TreeSet<>(fork.rejectedValues());
        values.add(fork.chosenValue());
        String text = Choice.READING.equals(fork.clause())
                ? Choice.READING + '\u0000' + ReadingSql.question(question)
                : fork.clause() + '\u0000' + fork.pivotTerm().toLowerCase() + '\u0000' + String.join("\u0000", values);
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static List<Choice> choices(List<RememberedChoiceEntity> rows) {
        return rows.stream().map(RememberedChoices::choice).toList();
    }

    private static Choice choice(RememberedChoiceEntity e) {
        return new Choice(e.id, e.tenant, e.database, e.clause, e.pivotTerm, e.chosenValue, JsonColumns.strings(e.rejectedValues),
                e.chosenLabel, e.question, Choice.Source.valueOf(e.source), e.chosenAt, e.expiresAt);
    }
}
