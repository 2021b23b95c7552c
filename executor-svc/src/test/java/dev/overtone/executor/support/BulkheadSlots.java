package dev.overtone.executor.support;

import dev.overtone.executor.service.TenantBulkhead;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A tenant's bulkhead slots as a test sees them: taken and held by the test, or probed for the ones in use. */
public final class BulkheadSlots {
    private BulkheadSlots() {
    }

    /** Takes up to {@code count} slots of the tenant, each held until its emitter in {@code held} completes; returns how many were refused. */
    public static int hold(TenantBulkhead bulkhead, String tenant, int count, List<UniEmitter<? super Object>> held) {
        AtomicInteger refused = new AtomicInteger();
        for (int i = 0; i < count; i++) {
            bulkhead.run(tenant, () -> Uni.createFrom().emitter(held::add)).subscribe()
                    .with(x -> { }, e -> refused.incrementAndGet());
        }
        return refused.get();
    }

    /** The slots of the tenant some statement holds now (a probe takes every free one for a moment, then gives it back). */
    public static int inUse(TenantBulkhead bulkhead, String tenant) {
        List<UniEmitter<? super Object>> held = new ArrayList<>();
        int refused = hold(bulkhead, tenant, bulkhead.limit(), held);
        held.forEach(e -> e.complete(null));
        return refused;
    }
}
