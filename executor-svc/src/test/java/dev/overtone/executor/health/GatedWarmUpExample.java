package dev.overtone.executor.health;

import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.runtime.testing.WarmUpGate;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

/** The real warm-up, held until the test opens the gate, so "not ready yet" can be observed. */
@Alternative
@Singleton
public class GatedWarmUpExample extends WarmUpExample {

    static final WarmUpGate GATE = new WarmUpGate();

    public GatedWarmUpExample(WarmUpConfig config, TenantRegistry registry, SqliteEngine sqlite) {
        super(config, registry, sqlite);
    }

    @Override
    public void run() {
        GATE.pass();
        super.run();
    }
}
