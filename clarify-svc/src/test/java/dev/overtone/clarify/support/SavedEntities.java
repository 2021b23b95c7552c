package dev.overtone.clarify.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.repository.SessionEntity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Entities saved as the service saves them (Panache, in one transaction) and read back in a session of their own, so
 * what comes back is what the table holds, not the saving session's cache. On the tests' real PostgreSQL.
 */
public final class SavedEntities {
    /** The fields Hibernate's bytecode enhancement adds to an entity: its bookkeeping, not a column. */
    private static final String ENHANCEMENT_FIELDS = ".*\\$\\$_hibernate_.*";

    private SavedEntities() {
    }

    /** Saves the entities in one transaction, in order (a session before its rows). */
    public static void save(Object... entities) throws Throwable {
        inTransaction(() -> PanacheEntityBase.persist(List.of(entities)));
    }

    /** The entity of that id as a new session reads it; null when there is no such row. */
    public static <T> T readBack(Class<T> type, Object id) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession().chain(s -> s.find(type, id))));
    }

    /** Saves a row of a new dialogue (after the dialogue) and asserts that it reads back with every field as it was saved. */
    public static <T> void assertReadsBackAsSaved(Function<UUID, T> rowOfDialogue, Function<T, UUID> id) throws Throwable {
        SessionEntity session = DialogueRows.session();
        T row = rowOfDialogue.apply(session.id);
        save(session, row);
        assertSameFields(readBack(row.getClass(), id.apply(row)), row);
    }

    /** Asserts that the entity read holds the expected one's value in every field (Hibernate's bookkeeping aside). */
    public static void assertSameFields(Object read, Object expected) {
        assertThat(read).as("%s read back", expected.getClass().getSimpleName())
                .usingRecursiveComparison().ignoringFieldsMatchingRegexes(ENHANCEMENT_FIELDS).isEqualTo(expected);
    }

    /** The failure with which saving the entities (in one transaction) is refused; an assertion error when they are saved. */
    public static Throwable refusalToSave(Object... entities) {
        return refusal(() -> PanacheEntityBase.persist(List.of(entities)));
    }

    /** The failure with which the work's transaction is refused; an assertion error when it commits. */
    public static Throwable refusal(Supplier<Uni<?>> work) {
        try {
            inTransaction(() -> work.get().replaceWithVoid());
        } catch (Throwable refused) {
            return refused;
        }
        throw new AssertionError("committed, though it should have been refused");
    }

    /**
     * Asserts that a dialogue holds one row like {@code row} at most: a second is refused by the unique key
     * {@code uniqueKey} (as PostgreSQL names it), while another dialogue's is saved.
     */
    public static void assertOnePerDialogue(Function<UUID, Object> row, String uniqueKey) throws Throwable {
        SessionEntity session = DialogueRows.session();
        SessionEntity other = DialogueRows.session();
        save(session, other, row.apply(session.id));

        assertThat(refusalToSave(row.apply(session.id))).as("a second row in one dialogue").hasStackTraceContaining(uniqueKey);
        save(row.apply(other.id));
    }

    /** The failure and its causes, outermost first. */
    public static List<Throwable> causes(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = failure; t != null && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    public static <T> T inTransaction(Supplier<Uni<T>> work) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(work));
    }
}
