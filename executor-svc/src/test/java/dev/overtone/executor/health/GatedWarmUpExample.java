package dev.overtone.executor.health;

import dev.overtone.executor.service.TenantRegistry;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The real warm-up, held until the test opens the gate, so "not ready yet" can be observed. */
@Alternative
@Singleton
public class GatedWarmUpExample extends WarmUpExample {

    static final CountDownLatch GATE = new CountDownLatch(1);

    public GatedWarmUpExample(WarmUpConfig config, TenantRegistry registry) {
        super(config, registry);
    }

    @Override
    public void run() {
        try {
            if (!GATE.await(2, TimeUnit.MINUTES)) throw new IllegalStateException("the test never opened the warm-up gate");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the warm-up gate");
        }
        super.run();
    }
}
