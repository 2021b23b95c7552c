package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/** At most N statements of one tenant at a time; the next one is refused at once with RESOURCE_EXHAUSTED. */
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
            Uni<T> started;
            try {
                started = work.get();
            } catch (RuntimeException e) {
                semaphore.release();
                return Uni.createFrom().failure(e);
            }
            return started.onTermination().invoke(semaphore::release);
        });
    }

    public int limit() {
        return limit;
    }
}
