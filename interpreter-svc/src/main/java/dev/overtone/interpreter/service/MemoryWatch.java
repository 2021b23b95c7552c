package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.MemoryScopes;
import io.grpc.Context;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.jboss.logging.Logger;

/**
 * Which tenants' databases remember a choice, as clarify-svc pushes it (WatchMemory, any replica: every replica hears
 * every choice): while the stream is up and its snapshot complete, {@link #remembers} answers from the local set at no
 * cost; otherwise it answers nothing and the caller asks ({@link MemoryProbes}, the strict path). One thread follows the
 * stream and subscribes again when it ends: at once after a stream that synced (clarify-svc ends each after its max age,
 * which drops the databases forgotten or expired since: they stay remembering here until then), else after a backoff
 * that doubles. Each record and forget heard after the snapshot changes the database's {@link Stamp}.
 */
public final class MemoryWatch implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(MemoryWatch.class);

    /** clarify-svc's WatchMemory as a blocking iterator, bound to the current gRPC context (its cancellation ends it). */
    @FunctionalInterface
    public interface Watch {
        Iterator<MemoryScopes> watch();
    }

    /** @param backoffMin the first pause after a stream that failed before its snapshot was complete, doubled up to backoffMax */
    public record Settings(Duration backoffMin, Duration backoffMax) {
    }

    /**
     * Where a database's memory stood, as this watch heard it: equal stamps taken at two moments mean no record, forget or
     * resubscription was heard in between ({@link RecallOutcomes} keeps Recall's answers by it).
     */
    public record Stamp(long stream, long scopeChange, long tenantChange) {
    }

    private final Watch clarify;
    private final Settings settings;
    private final LongConsumer lagMicros;
    /** null while the stream is down or its snapshot incomplete: then nothing is answered here. */
    private volatile Set<MemoryProbes.Scope> remembering;
    /** How many streams have synced: a resubscription may have missed changes. */
    private volatile long syncs;
    /** Whether this stream's server pushes forgets (an older replica does not): only then is a stamp given. */
    private volatile boolean forgetsPushed;
    /** When (nanoTime) the stream last synced: a change missed while it was down counts as one heard then. */
    private volatile long syncedAt;
    /** Per database, and per tenant (a forget of every database), the number of the last change heard in this stream. */
    private final Map<MemoryProbes.Scope, Long> scopeChanges = new ConcurrentHashMap<>();
    private final Map<String, Long> tenantChanges = new ConcurrentHashMap<>();
    private final AtomicLong changes = new AtomicLong();
    /** When (nanoTime) the last change of each database, and of each tenant as a whole, was heard. */
    private final Map<MemoryProbes.Scope, Long> scopeChangedAt = new ConcurrentHashMap<>();
    private final Map<String, Long> tenantChangedAt = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private volatile Context.CancellableContext stream;
    private volatile Thread follower;

    /** @param lagMicros told, for each scope pushed after the snapshot, how long after its recording it arrived */
    public MemoryWatch(Watch clarify, Settings settings, LongConsumer lagMicros) {
        this.clarify = clarify;
        this.settings = settings;
        this.lagMicros = lagMicros;
    }

    /** Whether the scope remembers a choice, when the stream is up and synced; empty when the caller must ask. */
    public Optional<Boolean> remembers(MemoryProbes.Scope scope) {
        if (follower == null) {
            start(); // the first call only: every Interpret asks, and a monitor on each would be one more point of contention
        }
        Set<MemoryProbes.Scope> known = remembering;
        return known == null ? Optional.empty() : Optional.of(known.contains(scope));
    }

    public boolean synced() {
        return remembering != null;
    }

    /** Where the database's memory stands now, while the stream is synced; empty when the caller must ask. */
    public Optional<Stamp> stamp(MemoryProbes.Scope scope) {
        long at = syncs;
        if (remembering == null || !forgetsPushed) {
            return Optional.empty();
        }
        Stamp stamp = new Stamp(at, scopeChanges.getOrDefault(scope, 0L), tenantChanges.getOrDefault(scope.tenant(), 0L));
        return syncs == at ? Optional.of(stamp) : Optional.empty(); // a resync between the two reads: the counters may be torn
    }

    /**
     * How long ago (nanoseconds) a change of the database, or of its whole tenant, was last heard, or the stream synced
     * (what changed while it was down is heard as of then); empty before any sync.
     */
    public Optional<Long> sinceChange(MemoryProbes.Scope scope, long nowNanos) {
        if (syncs == 0) {
            return Optional.empty();
        }
        long last = syncedAt;
        last = Math.max(last, scopeChangedAt.getOrDefault(scope, Long.MIN_VALUE));
        last = Math.max(last, tenantChangedAt.getOrDefault(scope.tenant(), Long.MIN_VALUE));
        return Optional.of(nowNanos - last);
    }

    private synchronized void start() {
        if (follower == null && !closed) {
            follower = new Thread(this::follow, "memory-watch");
            follower.setDaemon(true);
            follower.start();
        }
    }

    private void follow() {
        long backoff = settings.backoffMin().toNanos();
        while (!closed) {
            boolean synced = false;
            try {
                synced = followOne();
            } catch (RuntimeException e) {
                LOG.debugf("memory watch ended: %s", e.getMessage());
            }
            remembering = null;
            if (synced) {
                backoff = settings.backoffMin().toNanos();
            } else if (!closed) {
                LockSupport.parkNanos(backoff); // a pause before the next try; close() unparks it
                backoff = Math.min(backoff * 2, settings.backoffMax().toNanos());
            }
        }
    }

    /** One stream, until it ends; whether its snapshot was complete (it answered calls). */
    private boolean followOne() {
        Context.CancellableContext ctx = Context.current().fork().withCancellation();
        stream = ctx;
        try {
            Iterator<MemoryScopes> messages = ctx.call(clarify::watch);
            Set<MemoryProbes.Scope> building = ConcurrentHashMap.newKeySet();
            boolean synced = false;
            while (!closed && messages.hasNext()) {
                MemoryScopes m = messages.next();
                m.getScopesList().forEach(s -> building.add(new MemoryProbes.Scope(s.getTenant(), s.getDatabase())));
                if (synced) {
                    m.getScopesList().forEach(s -> changed(s.getTenant(), s.getDatabase()));
                    m.getForgottenList().forEach(s -> changed(s.getTenant(), s.getDatabase()));
                }
                if (m.getRecordedAtMicros() > 0) {
                    lagMicros.accept(ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) - m.getRecordedAtMicros());
                }
                if (m.getSnapshotComplete() && !synced) {
                    synced = true;
                    syncs = syncs + 1; // a new stream: whatever was kept by the last one's stamps may have missed a change
                    scopeChanges.clear();
                    tenantChanges.clear();
                    scopeChangedAt.clear();
                    tenantChangedAt.clear();
                    syncedAt = System.nanoTime();
                    forgetsPushed = m.getPushesForgets();
                    remembering = building;
                }
            }
            return synced;
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            ctx.cancel(null);
        }
    }

    /** A record or forget heard in a synced stream; an empty database stands for every database of the tenant. */
    private void changed(String tenant, String database) {
        long n = changes.incrementAndGet();
        long now = System.nanoTime();
        if (database.isEmpty()) {
            tenantChanges.put(tenant, n);
            tenantChangedAt.put(tenant, now);
        } else {
            MemoryProbes.Scope scope = new MemoryProbes.Scope(tenant, database);
            scopeChanges.put(scope, n);
            scopeChangedAt.put(scope, now);
        }
    }

    @Override
    public void close() {
        closed = true;
        remembering = null;
        Context.CancellableContext ctx = stream;
        if (ctx != null) {
            ctx.cancel(null);
        }
        Thread t;
        synchronized (this) {
            t = follower;
        }
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** For the tests: waits, at most this long, for the follower to end after close(). */
    boolean awaitClosed(long timeout, TimeUnit unit) throws InterruptedException {
        Thread t;
        synchronized (this) {
            t = follower;
        }
        if (t != null) {
            t.join(unit.toMillis(timeout));
            return !t.isAlive();
        }
        return true;
    }
}
