package dev.overtone.executor.health;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantEngines;
import dev.overtone.executor.service.TenantRegistry;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the tenant registry has loaded. Each PostgreSQL tenant database's reachability is
 * reported as data: one tenant's database being down must not take the service out of rotation.
 */
@Readiness
@ApplicationScoped
public class TenantRegistryReadiness implements AsyncHealthCheck {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(1);

    private final TenantRegistry registry;
    private final TenantEngines engines;

    public TenantRegistryReadiness(TenantRegistry registry, TenantEngines engines) {
        this.registry = registry;
        this.engines = engines;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named("tenant-registry").up()
                .withData("tenant-databases", registry.size());
        java.util.Map<String, String> reachability = new java.util.concurrent.ConcurrentSkipListMap<>();
        List<Uni<Void>> probes = new ArrayList<>();
        for (TenantDatabase database : registry.all()) {
            if (database.engine() != EngineKind.POSTGRESQL) {
                continue;
            }
            probes.add(engines.engineFor(database).ping(database, PROBE_TIMEOUT)
                    .invoke(() -> reachability.put(database.key(), "reachable"))
                    .onFailure().recoverWithItem(e -> {
                        reachability.put(database.key(), "unreachable");
                        return null;
                    }));
        }
        if (probes.isEmpty()) {
            return Uni.createFrom().item(builder.build());
        }
        return Uni.join().all(probes).andCollectFailures().map(done -> {
            reachability.forEach(builder::withData);
            return builder.build();
        });
    }
}
