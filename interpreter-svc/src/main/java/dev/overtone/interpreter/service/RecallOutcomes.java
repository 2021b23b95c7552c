package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Recall's answers kept per request (the same question with the same readings in the same database), each with the
 * {@link MemoryWatch.Stamp} its database had when it was asked: one is given back only while the stamp is unchanged (no
 * record, forget or resubscription heard since) and before the first of its choices expires. The least recently used
 * goes first when {@code capacity} are kept. Recall is an RPC whose serving costs clarify-svc a millisecond of CPU and
 * the call its round trip; an answer asked again unchanged costs neither.
 */
final class RecallOutcomes {
    private record Kept(RecallResponse answer, MemoryWatch.Stamp stamp) {
    }

    private final int capacity;
    private final Map<RecallRequest, Kept> kept;

    RecallOutcomes(int capacity) {
        this.capacity = capacity;
        this.kept = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<RecallRequest, Kept> eldest) {
                return size() > RecallOutcomes.this.capacity;
            }
        };
    }

    /** The kept answer to this request, if its database's stamp is still this one and no choice of it has expired. */
    Optional<RecallResponse> get(RecallRequest request, MemoryWatch.Stamp now, long nowMicros) {
        if (capacity == 0) {
            return Optional.empty();
        }
        synchronized (kept) {
            Kept k = kept.get(request);
            if (k == null) {
                return Optional.empty();
            }
            if (!k.stamp().equals(now) || nowMicros >= k.answer().getValidUntilMicros()) {
                kept.remove(request);
                return Optional.empty();
            }
            return Optional.of(k.answer());
        }
    }

    /** Keeps an answer asked under this stamp; one without an expiry (nothing remembered) is not kept. */
    void keep(RecallRequest request, RecallResponse answer, MemoryWatch.Stamp asked) {
        if (capacity == 0 || answer.getValidUntilMicros() == 0) {
            return;
        }
        synchronized (kept) {
            kept.put(request, new Kept(answer, asked));
        }
    }

    int size() {
        synchronized (kept) {
            return kept.size();
        }
    }
}
