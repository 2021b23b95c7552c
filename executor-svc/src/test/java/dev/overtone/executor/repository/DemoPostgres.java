package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.Overridden;
import dev.overtone.executor.support.PostgresTenant;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * The demo tenant's PostgreSQL for tests that build the sessions or the engine themselves, as the service builds them,
 * with some of the pool's knobs changed (named as {@link ExecutorConfig.PgPool}'s methods). The caller closes what it
 * builds.
 */
@Singleton
class DemoPostgres {
    @Inject
    Vertx vertx;
    @Inject
    ExecutorConfig config;
    @Inject
    TenantRegistry registry;

    TenantDatabase database() {
        return PostgresTenant.DEMO.in(registry);
    }

    ExecutorConfig config() {
        return config;
    }

    PostgresSessions sessions(Map<String, Object> poolKnobs) {
        return new PostgresSessions(vertx, pool(poolKnobs), config.limits(), config.maxRememberedLength());
    }

    PostgresEngine engine(Map<String, Object> poolKnobs) {
        return new PostgresEngine(vertx, Overridden.of(ExecutorConfig.class, config, Map.of("pool", pool(poolKnobs))));
    }

    private ExecutorConfig.PgPool pool(Map<String, Object> knobs) {
        return Overridden.of(ExecutorConfig.PgPool.class, config.pool(), knobs);
    }
}
