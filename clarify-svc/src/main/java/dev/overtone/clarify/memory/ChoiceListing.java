package dev.overtone.clarify.memory;

import dev.overtone.clarify.repository.RememberedChoices;
import dev.overtone.clarify.service.ClarifyException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** ListChoices and Forget: a tenant's remembered choices, a page at a time, and forgetting one or all of them. */
@ApplicationScoped
public class ChoiceListing {
    static final int DEFAULT_PAGE_SIZE = 50;
    static final int MAX_PAGE_SIZE = 500;

    @Inject
    ChoiceRecorder recorder;
    @Inject
    ChoiceCache cache;

    /** A page of choices, newest first; {@code nextPageToken} empty on the last page. */
    public record Page(List<Choice> choices, String nextPageToken) {
    }

    /** {@code database} empty: every database of the tenant; {@code pageSize} 0: the default. */
    public Uni<Page> list(String tenant, String database, int pageSize, String pageToken) {
        MemoryScope.requireTenant(tenant, "ListChoices");
        MemoryScope.requireShort("database", database, "ListChoices");
        if (pageSize < 0 || pageSize > MAX_PAGE_SIZE) {
            throw ClarifyException.invalid("page_size must be between 1 and " + MAX_PAGE_SIZE + " (0 for the default, "
                    + DEFAULT_PAGE_SIZE + "), got " + pageSize);
        }
        int size = pageSize == 0 ? DEFAULT_PAGE_SIZE : pageSize;
        RememberedChoices.PagePosition after = PageToken.read(pageToken, tenant, database);
        // one row more than the page tells whether another page follows
        return Panache.withSession(() -> RememberedChoices.page(tenant, database, after, size + 1, Instant.now()))
                .map(rows -> rows.size() <= size
                        ? new Page(rows, "")
                        : new Page(rows.subList(0, size), PageToken.of(tenant, database, rows.get(size - 1))));
    }

    /**
     * Forgets one choice of the tenant ({@code choiceId}; NOT_FOUND when the tenant has no such choice, in
     * {@code database} when one is named), or all of them (in {@code database}, or everywhere when it is empty). How many
     * rows were forgotten: one choice of a chosen column counts the columns shown beside it too.
     */
    public Uni<Long> forget(String tenant, String database, String choiceId) {
        MemoryScope.requireTenant(tenant, "Forget");
        MemoryScope.requireShort("database", database, "Forget");
        if (choiceId == null || choiceId.isBlank()) {
            return Panache.withTransaction(() -> RememberedChoices.deleteAll(tenant, database).call(() -> told(tenant, database)))
                    .invoke(() -> forgottenHere(tenant, database));
        }
        UUID id = id(tenant, choiceId);
        return Panache.withTransaction(() -> forgetOne(tenant, database, id).call(() -> told(tenant, database)))
                .invoke(() -> forgottenHere(tenant, database)).map(n -> {
            if (n == 0) {
                throw notFound(tenant, choiceId);
            }
            return n;
        });
    }

    /**
     * A chosen column ({@link ForkReach#SHOWN}) takes along the columns remembered as shown beside it: without it they
     * would never apply again, yet be listed. How many rows went.
     */
    private static Uni<Long> forgetOne(String tenant, String database, UUID id) {
        return RememberedChoices.deleteOne(tenant, database, id).chain(gone -> gone == null ? Uni.createFrom().item(0L)
                : ForkReach.SHOWN.equals(gone.clause())
                        ? RememberedChoices.deleteStrandedBeside(tenant, gone.database(), ForkReach.SHOWN).map(beside -> 1L + beside)
                        : Uni.createFrom().item(1L));
    }

    /** Every replica's cache hears of it at commit ({@link ChoiceCache}). */
    private Uni<Void> told(String tenant, String database) {
        return recorder.forgotten(scope(tenant, database));
    }

    /** This replica's cache is told again after the commit: a Recall here after Forget replied never meets the choice. */
    private void forgottenHere(String tenant, String database) {
        cache.forgotten(scope(tenant, database));
    }

    private static MemoryScope scope(String tenant, String database) {
        return new MemoryScope(tenant, database == null ? "" : database);
    }

    private static UUID id(String tenant, String choiceId) {
        try {
            return UUID.fromString(choiceId.trim());
        } catch (IllegalArgumentException e) {
            throw notFound(tenant, choiceId);
        }
    }

    private static ClarifyException notFound(String tenant, String choiceId) {
        return new ClarifyException(ClarifyException.Kind.NOT_FOUND, "tenant '" + tenant + "' has no remembered choice '" + choiceId
                + "' (forgotten, expired, or never chosen); ListChoices shows the ids it has");
    }
}
