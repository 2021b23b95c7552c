package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * At most N statements of one tenant at a time; the next one is refused at once with RESOURCE_EXHAUSTED.
 * A permit is held until the statement has really ended on the engine.
 */
@ApplicationScoped
public class TenantBulkhead {
    private final int limit;
    private final Map<String, Semaphore> permits = new ConcurrentHashMap<>();

    public TenantBulkhead(ExecutorConfig config) {
        this.limit = config.bulkhead().maxConcurrent();
    }

    public <T> Uni<T> run(String tenant, Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            Semaphore semaphore = permits.computeIfAbsent(tenant, t -> new Semaphore(limit));
            if (!semaphore.tryAcquire()) {
                return Uni.createFrom().failure(SandboxException.exhausted("tenant '" + tenant + "' already runs "
                        + limit + " statements, its limit (overtone.executor.bulkhead.max-concurrent=" + limit
                        + "); retry when one has finished"));
            }
            Uni<T> running;
            try {
                // the work runs to its own end (its deadline bounds it) even when the caller goes away,
                // and only then gives the permit back: a cancelled call does not free a slot early
                running = work.get().memoize().indefinitely();
            } catch (RuntimeException e) {
                semaphore.release();
                return Uni.createFrom().failure(e);
            }
            running.subscribe().with(item -> semaphore.release(), failure -> semaphore.release());
            return running;
        });
    }

    public int limit() {
        return limit;
    }
}
