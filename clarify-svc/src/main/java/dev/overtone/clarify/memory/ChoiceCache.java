package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A remembering database's unexpired choices as this replica last read them, kept until any replica records or forgets a
 * choice there: every such write notifies in its transaction, and {@link MemoryListener} hears it (at commit) and calls
 * {@link #changed} or {@link #forgotten} here. A read is stamped before its query and kept only if nothing changed the
 * scope (or its tenant) since, so a query that raced a write is used once and never kept. While the listener is not
 * listening a notice can be missed: then nothing is served or kept, and every entry read before is dropped
 * ({@link #reset}, at the loss and again when it listens). An entry's expired choices are left out as it is served.
 * The change counts name at most twice as many databases and tenants as the cache may hold: one more, and they all
 * start again from none, under a new epoch and with nothing held. They are never dropped one by one: a count back at an
 * old value could let a stale read's stamp match again, and only the new epoch keeps every stamp taken before from
 * matching. While the counts start afresh no stamp is taken and no change counted (a lock), so no stamp can miss a
 * change that was counted and then wiped.
 */
@Singleton
public class ChoiceCache {
    /** What a read saw before its query: the listener's epoch, its tenant's and its scope's change counts. */
    public record Stamp(long epoch, long tenant, long scope) {
    }

    /** {@code whole}: the read had every unexpired choice (not cut at the lookup's limit), so dropping the expired is exact. */
    private record Held(Stamp stamp, List<Choice> choices, boolean whole) {
    }

    private final int maxScopes;
    private final int maxCounted;
    private final ReadWriteLock counting = new ReentrantReadWriteLock();
    private final AtomicLong epoch = new AtomicLong();
    private final Map<MemoryScope, Long> scopeChanges = new ConcurrentHashMap<>();
    private final Map<String, Long> tenantChanges = new ConcurrentHashMap<>();
    private final Map<MemoryScope, Held> held = new ConcurrentHashMap<>();

    @Inject
    ChoiceCache(ClarifyConfig config) {
        this(config.memory().cacheScopes());
    }

    /** @param maxScopes the most databases kept at once (0: nothing is kept) */
    public ChoiceCache(int maxScopes) {
        this.maxScopes = maxScopes;
        this.maxCounted = 2 * maxScopes;
    }

    /** Taken before the query whose result may be {@link #keep}t. */
    public Stamp stamp(MemoryScope scope) {
        counting.readLock().lock();
        try {
            return new Stamp(epoch.get(), tenantChanges.getOrDefault(scope.tenant(), 0L),
                    scopeChanges.getOrDefault(scope, 0L));
        } finally {
            counting.readLock().unlock();
        }
    }

    /** The scope's choices unexpired at {@code now}, newest first, when a read still current is held. */
    public Optional<List<Choice>> get(MemoryScope scope, Instant now) {
        Held h = held.get(scope);
        if (h == null) {
            return Optional.empty();
        }
        if (!h.stamp().equals(stamp(scope))) {
            held.remove(scope, h); // a read kept as a change raced it: never served, so not left holding a slot
            return Optional.empty();
        }
        List<Choice> unexpired = h.choices().stream().filter(c -> c.expiresAt().isAfter(now)).toList();
        return h.whole() || unexpired.size() == h.choices().size() ? Optional.of(unexpired) : Optional.empty();
    }

    /**
     * Keeps a read taken under {@code stamp} (nothing when the scope changed since, or the cache is full); {@code whole}
     * false when the read was cut at a limit, so it is served only while none of it has expired.
     */
    public void keep(MemoryScope scope, Stamp stamp, List<Choice> choices, boolean whole) {
        if ((held.containsKey(scope) || held.size() < maxScopes) && stamp.equals(stamp(scope))) {
            held.put(scope, new Held(stamp, List.copyOf(choices), whole));
        }
    }

    /** A choice of the scope was recorded. */
    public void changed(MemoryScope scope) {
        count(() -> scopeChanges.merge(scope, 1L, Long::sum));
        held.remove(scope);
    }

    /** Choices of the scope were forgotten; an empty database: of every database of the tenant. */
    public void forgotten(MemoryScope scope) {
        if (scope.database().isEmpty()) {
            count(() -> tenantChanges.merge(scope.tenant(), 1L, Long::sum));
            held.keySet().removeIf(s -> s.tenant().equals(scope.tenant()));
        } else {
            changed(scope);
        }
    }

    private void count(Runnable change) {
        counting.readLock().lock();
        try {
            change.run();
        } finally {
            counting.readLock().unlock();
        }
        if (counted() > maxCounted) {
            startCountsAfresh();
        }
    }

    private void startCountsAfresh() {
        counting.writeLock().lock();
        try {
            if (counted() > maxCounted) {
                scopeChanges.clear();
                tenantChanges.clear();
                reset();
            }
        } finally {
            counting.writeLock().unlock();
        }
    }

    /** The databases and tenants whose changes are counted now. */
    int counted() {
        return scopeChanges.size() + tenantChanges.size();
    }

    /** A notice may have been missed: nothing read before now is served again. */
    public void reset() {
        epoch.incrementAndGet();
        held.clear();
    }

    /** The databases held now. */
    public int size() {
        return held.size();
    }
}
