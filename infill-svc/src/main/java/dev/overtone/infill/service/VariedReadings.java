package dev.overtone.infill.service;

import dev.overtone.infill.config.InfillConfig;
import dev.overtone.proto.v1.VariantsResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * parser-svc's variants of the readings one call has varied, by the call's {@code call_id}, so that its
 * next round does not ask for the same readings' variants again (a round sends the readings found so far,
 * whose first ones are mostly those varied before). Bounded by {@code structural.kept-calls} and by
 * {@code structural.kept-size} (a caller sets how large a call's texts are), the call used least recently
 * dropped first, and by {@code structural.kept-for}; an expired call's place is taken back only by the
 * bounds. Thread-safe.
 */
@ApplicationScoped
public class VariedReadings {
    /**
     * What a call asked parser-svc with, beyond the service's own settings: a later round that asks
     * differently gets nothing kept.
     */
    public record Ask(String question, List<String> families) {
        long size() {
            return question.length() + families.stream().mapToLong(String::length).sum();
        }
    }

    private record Kept(Ask ask, Map<String, VariantsResult> bySql, long expiresNanos, long size) {
    }

    private final int maxCalls;
    private final long maxSize;
    private final long keptForNanos;
    private final LinkedHashMap<String, Kept> calls = new LinkedHashMap<>(16, 0.75f, true);
    private long keptSize;

    @Inject
    public VariedReadings(InfillConfig config) {
        this(config.structural().keptCalls(), config.structural().keptSize().asLongValue(), config.structural().keptFor().toNanos());
    }

    VariedReadings(int maxCalls, long maxSize, long keptForNanos) {
        this.maxCalls = maxCalls;
        this.maxSize = maxSize;
        this.keptForNanos = keptForNanos;
    }

    /** The variants kept for this call, by the SQL varied; empty for no call id, another ask, or after expiry. */
    public synchronized Map<String, VariantsResult> of(String callId, Ask ask) {
        return Map.copyOf(live(callId, ask));
    }

    /**
     * Keeps these variants for the call (with what it kept before under the same ask). A call that alone is
     * larger than {@code kept-size} keeps nothing, not even what it kept before.
     */
    public synchronized void keep(String callId, Ask ask, Map<String, VariantsResult> bySql) {
        if (callId.isEmpty() || maxCalls <= 0 || bySql.isEmpty()) {
            return;
        }
        Map<String, VariantsResult> all = new HashMap<>(live(callId, ask));
        all.putAll(bySql);
        long size = callId.length() + ask.size() + all.entrySet().stream()
                .mapToLong(e -> e.getKey().length() + e.getValue().getSerializedSize()).sum();
        forget(callId);
        if (size > maxSize) {
            return;
        }
        calls.put(callId, new Kept(ask, all, System.nanoTime() + keptForNanos, size));
        keptSize += size;
        Iterator<Kept> leastRecentFirst = calls.values().iterator();
        while (calls.size() > maxCalls || keptSize > maxSize) {
            keptSize -= leastRecentFirst.next().size();
            leastRecentFirst.remove();
        }
    }

    /** Drops what was kept for the call (its last round has read it). */
    public synchronized void forget(String callId) {
        Kept kept = calls.remove(callId);
        if (kept != null) {
            keptSize -= kept.size();
        }
    }

    private Map<String, VariantsResult> live(String callId, Ask ask) {
        Kept kept = callId.isEmpty() ? null : calls.get(callId);
        boolean usable = kept != null && kept.ask().equals(ask) && kept.expiresNanos() >= System.nanoTime();
        return usable ? kept.bySql() : Map.of();
    }
}
