package dev.overtone.clarify.health;

import dev.overtone.clarify.memory.MemoryListener;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The real listener whose first LISTEN waits until the test opens the gate, so "not listening yet" can be observed. */
@Alternative
@ApplicationScoped
public class GatedMemoryListener extends MemoryListener {

    static final CountDownLatch GATE = new CountDownLatch(1);
    /** Counted down when the warm-up (not the test itself) starts waiting for the first LISTEN. */
    static final CountDownLatch AWAITED = new CountDownLatch(1);

    @Override
    public boolean awaitFirstListen(Duration bound) {
        if (Thread.currentThread().getName().contains("warm-up")) {
            AWAITED.countDown();
        }
        return super.awaitFirstListen(bound);
    }

    @Override
    protected Future<Void> connect() {
        if (GATE.getCount() == 0) {
            return super.connect();
        }
        Promise<Void> connected = Promise.promise();
        Thread waiter = new Thread(() -> {
            try {
                if (GATE.await(2, TimeUnit.MINUTES)) {
                    super.connect().onComplete(connected);
                    return;
                }
                connected.fail("the test never opened the LISTEN gate");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                connected.fail(e);
            }
        }, "listen-gate");
        waiter.setDaemon(true);
        waiter.start();
        return connected.future();
    }
}
